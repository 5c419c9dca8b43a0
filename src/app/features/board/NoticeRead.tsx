import { getRouteApi } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { categoryName, shortDate } from '../../entities/board/boardLabels';
import { lastIdxList, neighbours } from '../../lib/lastList';
import { Card } from '../../ui/Card';
import { Empty } from '../../ui/Empty';
import { HtmlContent } from '../../ui/HtmlContent';
import { LastSeen } from '../../widgets/LastSeen';
import { PrevNext } from '../../ui/PrevNext';
import { noticeDetailQueryOptions, noticeKey } from '../../entities/board/queries';
import article from '../../ui/Article.module.css';
import { useCaller } from '../../lib/caller';
import css from './boardCss';
import { useApi } from '../../lib/useApi';

const route = getRouteApi('/$prefix/_member/noticeRead/$boardIdx');

export function NoticeRead() {
  const api = useApi();
  const { prefix, boardIdx } = route.useParams();
  const navigate = route.useNavigate();
  const client = useQueryClient();
  const { memId } = useCaller();
  const q = useQuery(noticeDetailQueryOptions(api, prefix, memId, boardIdx));
  const board = q.data?.board;
  const { prev, next } = neighbours(lastIdxList(client, [...noticeKey(prefix, memId), 'list']), boardIdx);
  return (
    <div className={css.page} data-testid="notice-read">
      <h1 className={css.h1}>
        <Trans>공지사항</Trans>
      </h1>
      <LastSeen at={q.dataUpdatedAt} stale={q.isError} />
      <Card>
        {board ? (
          <article className={article.article}>
            <header className={article.head}>
              <div className={article.meta}>
                <span className={css.cat}>{categoryName(board.category)}</span>
              </div>
              <h2 className={article.title}>{board.title}</h2>
              <div className={article.meta}>
                <span>{board.memName}</span>
                <time>{shortDate(board.regDate)}</time>
              </div>
            </header>
            <HtmlContent html={board.content} testId="notice-content" />
          </article>
        ) : (
          <Empty>{q.isPending ? <Trans>불러오는 중</Trans> : <Trans>글을 찾을 수 없습니다.</Trans>}</Empty>
        )}
      </Card>
      <PrevNext
        prev={prev}
        next={next}
        onGo={(idx) => void navigate({ params: { prefix, boardIdx: idx } })}
        onList={() => void navigate({ to: '/$prefix/noticeList', params: { prefix } })}
      />
    </div>
  );
}
