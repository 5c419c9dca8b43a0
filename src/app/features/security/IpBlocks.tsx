import { useState, type FormEvent } from 'react';
import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { alert } from '../../lib/dialogs';
import { useBlockIp, useUnblockIp } from '../../entities/site/writes';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { DataList } from '../../ui/DataList';
import { TextField } from '../../ui/Field';
import { ipBlockListQueryOptions } from '../../entities/site/securityQueries';
import { useCaller } from '../../lib/caller';
import css from './AdminSecurity.module.css';
import { useApi } from '../../lib/useApi';

/**
 * Addresses and ranges refused at login and on every call (U004); adding one ends the sessions
 * open from it. Why a rule is refused (too wide, holds my address, unreadable) shows under the field.
 */
export function IpBlocks() {
  const api = useApi();
  const { prefix } = useParams({ from: '/$prefix' });
  const { memId: me } = useCaller();
  const { t } = useLingui();
  const list = useQuery(ipBlockListQueryOptions(api, prefix, me));
  const [ip, setIp] = useState('');
  const [error, setError] = useState<string | undefined>();

  const add = useBlockIp(prefix, me, {
    onDone: () => (setIp(''), alert(t`차단되었습니다.`)),
  });
  const remove = useUnblockIp(prefix, me, {
    confirm: (rule) => t`${rule} 차단을 해제하시겠습니까?`,
    onDone: () => alert(t`차단이 해제되었습니다.`),
  });

  const block = async (e: FormEvent) => {
    e.preventDefault();
    const v = ip.trim();
    if (!v) return setError(t`IP 또는 대역을 입력해 주세요.`);
    await add.submit(v);
  };
  const unblock = (rule: string) => remove.submit(rule);

  return (
    <div className={css.page} data-testid="ip-blocks">
      <h1 className={css.title}>
        <Trans>IP 차단</Trans>
      </h1>
      <Card title={<Trans>차단 추가</Trans>}>
        <form className={css.form} onSubmit={(e) => void block(e)} noValidate>
          <TextField
            label={<Trans>IP 또는 대역 (CIDR)</Trans>}
            name="blockIp"
            autoCapitalize="off"
            inputMode="url"
            placeholder="203.0.113.7, 10.0.0.0/8, 2001:db8::/32"
            value={ip}
            error={error ?? add.fieldErrors.ip}
            onChange={(e) => {
              setIp(e.target.value);
              setError(undefined);
              add.clear('ip');
            }}
          />
          <p className={css.hint}>
            <Trans>차단하면 그 주소에서 접속 중인 세션도 바로 종료됩니다. IPv4는 /16, IPv6는 /48보다 넓은 대역과 내 주소가 포함된 대역은 차단할 수 없습니다.</Trans>
          </p>
          <Button type="submit" variant="primary" block disabled={add.busy}>
            <Trans>차단</Trans>
          </Button>
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
            {
              key: 'act',
              label: t`관리`,
              render: (r) => (
                <Button onClick={() => void unblock(r.ip)}>
                  <Trans>해제</Trans>
                </Button>
              ),
            },
          ]}
          empty={<Trans>차단된 IP가 없습니다.</Trans>}
        />
      )}
    </div>
  );
}
