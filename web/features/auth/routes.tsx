import { Navigate, type RouteObject } from 'react-router';
import { LOGIN_PATH } from '../../api/auth-redirect';
import { lazyPage } from '../../components/lazy-page';

/** `/auth/*`, loaded on the first visit to one of them (see `router.tsx`). */
export const authRoutes: RouteObject[] = [
  {
    path: 'auth',
    Component: lazyPage(
      () => import('./AuthLayout'),
      (m) => m.AuthLayout,
    ),
    children: [
      { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
      {
        path: 'login',
        Component: lazyPage(
          () => import('./LoginPage'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: 'register',
        Component: lazyPage(
          () => import('./RegisterPage'),
          (m) => m.RegisterPage,
        ),
      },
      {
        path: 'forgot-password',
        Component: lazyPage(
          () => import('./ForgotPasswordPage'),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: 'reset-password/:token',
        Component: lazyPage(
          () => import('./ResetPasswordPage'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: 'accept-invitation/:token',
        Component: lazyPage(
          () => import('./AcceptInvitationPage'),
          (m) => m.AcceptInvitationPage,
        ),
      },
    ],
  },
];
