import { useState, type FormEvent } from 'react';
import { useParams } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { adminSecurityCalls } from '../../../contract/admin';
import { api, isApiError } from '../../lib/api';
import { apiMessage } from '../../lib/apiMessage';
import { alert, confirm, withLoading } from '../../lib/dialogs';
import { refuseMoneyOffline as refuseOffline } from '../../lib/moneyAction';
import { act } from '../../lib/operatorAction';
import { session } from '../../lib/session/store';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { DataList } from '../../ui/DataList';
import { TextField } from '../../ui/Field';
import { ipBlockListQueryOptions } from './queries';
import css from './AdminSecurity.module.css';

/**
 * Addresses and ranges refused at login and on every call (U004); adding one ends the sessions
 * open from it. Why a rule is refused (too wide, holds my address, unreadable) shows under the field.
 */
export function IpBlocks() {
  const { prefix } = useParams({ from: '/$prefix' });
  const { member } = useSnapshot(session);
  const me = member?.memId ?? '';
  const { t } = useLingui();
  const client = useQueryClient();
  const list = useQuery(ipBlockListQueryOptions(prefix, me));
  const [ip, setIp] = useState('');
  const [error, setError] = useState<string | undefined>();
  const refresh = () => client.invalidateQueries({ queryKey: ipBlockListQueryOptions(prefix, me).queryKey });

  const block = async (e: FormEvent) => {
    e.preventDefault();
    const v = ip.trim();
    if (!v) return setError(t`IP 또는 대역을 입력해 주세요.`);
    if (await refuseOffline()) return;
    try {
      await withLoading(api(adminSecurityCalls.ipBlock, { ip: v, blockYn: 'Y' }));
    } catch (err) {
      if (isApiError(err, 'IP001', 'IP002', 'V001')) return setError(apiMessage(err));
      return alert(apiMessage(err));
    }
    setIp('');
    setError(undefined);
    await alert(t`차단되었습니다.`);
    await refresh();
  };
  const unblock = async (rule: string) => {
    if (!(await confirm(t`${rule} 차단을 해제하시겠습니까?`))) return;
    if (await act(() => api(adminSecurityCalls.ipBlock, { ip: rule, blockYn: 'N' }), t`차단이 해제되었습니다.`)) await refresh();
  };

  return (
    <div className={css.page} data-testid="ip-blocks">
      <h1 className={css.title}><Trans>IP 차단</Trans></h1>
      <Card title={<Trans>차단 추가</Trans>}>
        <form className={css.form} onSubmit={(e) => void block(e)} noValidate>
          <TextField label={<Trans>IP 또는 대역 (CIDR)</Trans>} name="blockIp" autoCapitalize="off" inputMode="url" placeholder="203.0.113.7, 10.0.0.0/8, 2001:db8::/32" value={ip} error={error} onChange={(e) => { setIp(e.target.value); setError(undefined); }} />
          <p className={css.hint}><Trans>차단하면 그 주소에서 접속 중인 세션도 바로 종료됩니다. IPv4는 /16, IPv6는 /48보다 넓은 대역과 내 주소가 포함된 대역은 차단할 수 없습니다.</Trans></p>
          <Button type="submit" variant="primary" block><Trans>차단</Trans></Button>
        </form>
      </Card>
      {!list.isPending && (
        <DataList
          rows={list.data?.list ?? []}
          rowKey={(r) => r.ip}
          columns={[
            { key: 'ip', label: t`IP / 대역`, render: (r) => <span className={css.ip}>{r.ip}</span> },
            { key: 'by', label: t`등록자`, render: (r) => r.regId },
            { key: 'at', label: t`등록일시`, render: (r) => r.regDate },
            { key: 'act', label: t`관리`, render: (r) => <Button onClick={() => void unblock(r.ip)}><Trans>해제</Trans></Button> },
          ]}
          empty={<Trans>차단된 IP가 없습니다.</Trans>}
        />
      )}
    </div>
  );
}
