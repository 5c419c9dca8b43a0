import { useState, type FormEvent } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { adminMessageCalls, sendTargets } from '../../../contract/message';
import type { ResOf } from '../../../contract/define';
import { shortDate } from '../../entities/board/boardLabels';
import { alert } from '../../lib/dialogs';
import { formatNumber } from '../../lib/format';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { DataList, type Column } from '../../ui/DataList';
import { inputClass, SelectField, TextField } from '../../ui/Field';
import { Pager } from '../../ui/Pager';
import { sentMessagesQueryOptions } from '../../entities/board/adminQueries';
import { useSendMessage } from '../../entities/board/writes';
import fieldCss from '../../ui/Field.module.css';
import css from './AdminBoard.module.css';
import { useApi } from '../../lib/useApi';

const route = getRouteApi('/$prefix/admin/_operator/messages');
type Target = (typeof sendTargets)[number];
type Row = ResOf<typeof adminMessageCalls.list>['list'][number];

/** Send a message to one member, a partner's whole subtree, or everyone; what was sent below. */
export function AdminMessages() {
  const api = useApi();
  const { prefix } = route.useParams();
  const [page, setPage] = useState(1);
  const sent = useQuery(sentMessagesQueryOptions(api, prefix, page));
  const [target, setTarget] = useState<Target>('member');
  const [memId, setMemId] = useState('');
  const [title, setTitle] = useState('');
  const [desc, setDesc] = useState('');
  const targetNames: Record<Target, string> = { member: t`회원 한 명`, subtree: t`파트너와 하위 전체`, all: t`전체 회원` };

  const send = useSendMessage(prefix, {
    confirm: (body) => (body.target === 'all' ? t`전체 회원에게 쪽지를 보내시겠습니까?` : null),
    onDone: async (res) => {
      const count = formatNumber(res.sent);
      await alert(t`쪽지를 ${count}명에게 보냈습니다.`);
      setTitle('');
      setDesc('');
    },
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (target !== 'all' && !memId.trim()) return alert(t`아이디를 입력해 주세요.`);
    if (!title.trim()) return alert(t`제목을 입력해 주세요.`);
    if (!desc.trim()) return alert(t`내용을 입력해 주세요.`);
    await send.submit({ target, ...(target !== 'all' ? { memId: memId.trim() } : {}), msgTitle: title, msgDesc: desc });
  };

  const columns: Column<Row>[] = [
    { key: 'to', label: <Trans>받는 사람</Trans>, render: (m) => m.recieveId },
    { key: 'title', label: <Trans>제목</Trans>, render: (m) => m.msgTitle },
    { key: 'read', label: <Trans>읽음</Trans>, render: (m) => (m.msgStatus === 'Y' ? t`읽음` : t`안읽음`) },
    { key: 'date', label: <Trans>보낸 시간</Trans>, render: (m) => shortDate(m.sendDate) },
  ];
  return (
    <div className={css.page} data-testid="admin-messages">
      <h1 className={css.h1}>
        <Trans>쪽지 보내기</Trans>
      </h1>
      <Card>
        <form className={css.form} onSubmit={(e) => void submit(e)} noValidate>
          <SelectField label={<Trans>받는 대상</Trans>} name="target" value={target} onChange={(e) => setTarget(e.target.value as Target)}>
            {sendTargets.map((k) => (
              <option key={k} value={k}>
                {targetNames[k]}
              </option>
            ))}
          </SelectField>
          {target !== 'all' && (
            <TextField
              label={target === 'member' ? <Trans>회원 아이디</Trans> : <Trans>파트너 아이디</Trans>}
              name="memId"
              autoCapitalize="off"
              value={memId}
              onChange={(e) => setMemId(e.target.value)}
            />
          )}
          <TextField label={<Trans>제목</Trans>} name="msgTitle" maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
          <div className={fieldCss.field}>
            <label className={fieldCss.label} htmlFor="msg-desc">
              <Trans>내용</Trans>
            </label>
            <textarea id="msg-desc" name="msgDesc" className={`${inputClass} ${css.textarea}`} value={desc} onChange={(e) => setDesc(e.target.value)} />
          </div>
          <Button type="submit" variant="primary" block disabled={send.busy}>
            <Trans>보내기</Trans>
          </Button>
        </form>
      </Card>
      <h2 className={css.h2}>
        <Trans>보낸 쪽지</Trans>
      </h2>
      <DataList rows={sent.data?.list ?? []} columns={columns} rowKey={(m) => m.msgIdx} />
      {sent.data && <Pager info={sent.data.pageInfo} onPage={setPage} />}
    </div>
  );
}
