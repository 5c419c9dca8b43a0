import { useEffect, useReducer } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { messageCalls } from '../../../contract/message';
import { shortDate } from '../../entities/board/boardLabels';
import { neighbours } from '../../lib/lastList';
import { session } from '../../lib/session/store';
import { Card } from '../../ui/Card';
import { Empty } from '../../ui/Empty';
import { HtmlContent } from '../../ui/HtmlContent';
import { PrevNext } from '../../ui/PrevNext';
import { findLoaded, markReadInCache } from '../../entities/board/messageQueries';
import article from '../../ui/Article.module.css';
import { useCaller } from '../../lib/caller';
import css from './messagesCss';
import { useApi } from '../../lib/useApi';

const route = getRouteApi('/$prefix/_member/msgread/$msgIdx');

/** One message from the loaded page; opening an unread one marks it read. */
export function MessageRead() {
  const api = useApi();
  const { prefix, msgIdx } = route.useParams();
  const navigate = route.useNavigate();
  const client = useQueryClient();
  const { memId } = useCaller();
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  const found = findLoaded(client, prefix, memId, msgIdx);
  const msg = found?.row;
  const unread = msg?.msgStatus === 'N';

  useEffect(() => {
    if (!unread) return;
    api(messageCalls.msgRead, { msgIdx, recieveId: memId }).then(
      (res) => {
        session.msgInfo.newMsg = res.newMsg;
        markReadInCache(client, prefix, memId, msgIdx);
        refresh();
      },
      () => undefined, // offline: it is marked on the next visit
    );
  }, [api, unread, msgIdx, memId, client, prefix]);

  const { prev, next } = neighbours(found?.idxList ?? [], msgIdx);
  return (
    <div className={css.page} data-testid="msg-read">
      <h1 className={css.h1}>
        <Trans>쪽지함</Trans>
      </h1>
      <Card>
        {msg ? (
          <article className={article.article}>
            <header className={article.head}>
              <h2 className={article.title}>{msg.msgTitle}</h2>
              <div className={article.meta}>
                <time>{shortDate(msg.sendDate)}</time>
              </div>
            </header>
            <HtmlContent html={msg.msgDesc} testId="msg-content" />
          </article>
        ) : (
          <Empty>
            <Trans>쪽지를 찾을 수 없습니다.</Trans>
          </Empty>
        )}
      </Card>
      <PrevNext
        prev={prev}
        next={next}
        onGo={(idx) => void navigate({ params: { prefix, msgIdx: idx } })}
        onList={() => void navigate({ to: '/$prefix/msg', params: { prefix } })}
      />
    </div>
  );
}
