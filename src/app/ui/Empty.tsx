import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import css from './Empty.module.css';

export function Empty({ children }: { children?: ReactNode }) {
  return <div className={css.empty}>{children ?? <Trans>내역이 없습니다.</Trans>}</div>;
}
