import './ErrorPage.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ANCHOR_CLASS, Stack, Text, Title } from '../ui';

/** The page shown for routing errors: not found for 404, a generic message otherwise. */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useLingui();
  const notFound = status === 404;
  const title = notFound ? t`Page not found` : t`Something went wrong`;

  return (
    // Named, so that in a widget's frame it is told apart from the host page's own main landmark.
    <main className="error-page" aria-label={title}>
      <title>{`${title} · Tessera`}</title>
      <Stack gap="lg" align="center" style={{ maxWidth: 480 }}>
        <img src="/logo-dark.svg" alt={t`Error`} width={200} height={48} />
        <Title order={1}>{title}</Title>
        <Text size="lg" tone="muted">
          {notFound ? (
            <Trans>
              The page you are looking for does not exist. It may have been moved, or the address may be
              wrong.
            </Trans>
          ) : (
            <Trans>An unexpected error stopped this page from loading. Please try again in a moment.</Trans>
          )}
        </Text>
        <Link to="/" className={ANCHOR_CLASS} style={{ fontWeight: 600, textDecoration: 'underline' }}>
          <Trans>Go back to the home page</Trans>
        </Link>
      </Stack>
    </main>
  );
}
