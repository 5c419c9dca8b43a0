import { useEffect } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { faqTypeName, shortDate } from '../../entities/board/boardLabels';
import { lastIdxList, neighbours } from '../../lib/lastList';
import { Card } from '../../ui/Card';
import { Empty } from '../../ui/Empty';
import { HtmlContent } from '../../ui/HtmlContent';
import { LastSeen } from '../../widgets/LastSeen';
import { PrevNext } from '../../ui/PrevNext';
import { StatusBadge } from './marks';
import { qnaDetailQueryOptions, qnaKey } from '../../entities/board/queries';
import article from '../../ui/Article.module.css';
import { useCaller } from '../../lib/caller';
import css from './boardCss';
import { useApi } from '../../lib/useApi';

const route = getRouteApi('/$prefix/_member/qnaread/$boardIdx');

/** One inquiry with the first reply; opening an answered one clears its N mark (the server pushes the new count). */
export function QnaRead() {
  const api = useApi();
  const { prefix, boardIdx } = route.useParams();
  const navigate = route.useNavigate();
  const client = useQueryClient();
  const { memId } = useCaller();
  const q = useQuery(qnaDetailQueryOptions(api, prefix, memId, boardIdx));
  const board = q.data?.board;
  const { prev, next } = neighbours(lastIdxList(client, [...qnaKey(prefix, memId), 'list']), boardIdx);

  // the list's N marks and statuses are out of date once an answer has been opened
  const wasNew = board?.newYn === 'Y';
  useEffect(() => {
    if (wasNew) void client.invalidateQueries({ queryKey: [...qnaKey(prefix, memId), 'list'] });
  }, [wasNew, client, prefix, memId]);

  const reply = board?.commentList[0];
  return (
    <div className={css.page} data-testid="qna-read">
      <h1 className={css.h1}>
        <Trans>1:1 문의</Trans>
      </h1>
      <LastSeen at={q.dataUpdatedAt} stale={q.isError} />
      <Card>
        {board ? (
          <article className={article.article}>
            <header className={article.head}>
              <div className={article.meta}>
                <StatusBadge status={board.status} />
                <span>{faqTypeName(board.faqType)}</span>
              </div>
              <h2 className={article.title}>{board.title}</h2>
              <div className={article.meta}>
                <span>{board.memName}</span>
                <time>{shortDate(board.regDate)}</time>
              </div>
            </header>
            <HtmlContent html={board.content} testId="qna-content" />
            {reply && (
              <section className={article.reply} data-testid="qna-reply">
                <div className={article.replyHead}>
                  <Trans>답변</Trans> · {shortDate(reply.regDate)}
                </div>
                <HtmlContent html={reply.content} />
              </section>
            )}
          </article>
        ) : (
          <Empty>{q.isPending ? <Trans>불러오는 중</Trans> : <Trans>글을 찾을 수 없습니다.</Trans>}</Empty>
        )}
      </Card>
      <PrevNext
        prev={prev}
        next={next}
        onGo={(idx) => void navigate({ params: { prefix, boardIdx: idx } })}
        onList={() => void navigate({ to: '/$prefix/qna', params: { prefix } })}
      />
    </div>
  );
}
