import { useLingui } from '@lingui/react/macro';
import { CenteredLoader } from '../ui';

/** Shown while the code of a page is being downloaded. */
export function PageLoader() {
  const { t } = useLingui();
  return <CenteredLoader label={t`Loading`} />;
}
