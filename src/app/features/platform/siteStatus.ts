import { useLingui } from '@lingui/react/macro';
import type { PlatformSite } from '../../../contract/platform';

/** A site's status as the console says it. */
export function useSiteStatusText(): Record<PlatformSite['status'], string> {
  const { t } = useLingui();
  return { open: t`운영 중`, maintenance: t`점검 중`, suspended: t`중지됨`, archived: t`보관됨` };
}
