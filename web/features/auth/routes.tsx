import { type RouteObject, redirect } from 'react-router';
import { LOGIN_PATH } from '../../api/auth-redirect';
import { PageLoader } from '../../components/PageLoader';

/** `/auth/*`, found by the router on the first visit to one of them (see `router.tsx`). */
export const authRoutes: RouteObject[] = [
  {
    path: 'auth',
    lazy: async () => ({ Component: (await import('./AuthLayout')).AuthLayout }),
    children: [
      { index: true, loader: () => redirect(LOGIN_PATH), Component: PageLoader },
      {
        path: 'login',
        lazy: async () => ({ Component: (await import('./LoginPage')).LoginPage }),
      },
      {
        path: 'register',
        lazy: async () => ({ Component: (await import('./RegisterPage')).RegisterPage }),
      },
      {
        path: 'forgot-password',
        lazy: async () => ({
          Component: (await import('./ForgotPasswordPage')).ForgotPasswordPage,
        }),
      },
      {
        path: 'reset-password/:token',
        lazy: async () => ({
          Component: (await import('./ResetPasswordPage')).ResetPasswordPage,
        }),
      },
      {
        path: 'accept-invitation/:token',
        lazy: async () => ({
          Component: (await import('./AcceptInvitationPage')).AcceptInvitationPage,
        }),
      },
    ],
  },
];
