import { useState, type FormEvent } from 'react';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { faqTypeName, shortDate } from '../../entities/board/boardLabels';
import { alert } from '../../lib/dialogs';
import { Badge } from '../../ui/Badge';
import { Button, buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Empty } from '../../ui/Empty';
import { inputClass } from '../../ui/Field';
import { HtmlContent } from '../../ui/HtmlContent';
import { adminInquiryQueryOptions } from '../../entities/board/adminQueries';
import { useAnswerInquiry } from '../../entities/board/writes';
import article from '../../ui/Article.module.css';
import fieldCss from '../../ui/Field.module.css';
import css from './AdminBoard.module.css';
import { useApi } from '../../lib/useApi';
import { InquiryMember } from './InquiryMember';

const route = getRouteApi('/$prefix/admin/_operator/inquiries_/$boardIdx');

/** One inquiry with its replies and the reply form (cmtSave); the author is told live. */
export function AdminInquiryAnswer() {
  const api = useApi();
  const { prefix, boardIdx } = route.useParams();
  const q = useQuery(adminInquiryQueryOptions(api, prefix, boardIdx));
  const board = q.data?.board;
  const [reply, setReply] = useState('');

  const answer = useAnswerInquiry(prefix, boardIdx, {
    onDone: () => (setReply(''), alert(t`답변이 등록되었습니다.`)),
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reply.trim()) return alert(t`답변 내용을 입력해 주세요.`);
    await answer.submit(reply);
  };

  return (
    <div className={css.page} data-testid="admin-answer">
      <div className={css.head}>
        <h1 className={css.h1}>
          <Trans>문의 답변</Trans>
        </h1>
        <Link to="/$prefix/admin/inquiries" params={{ prefix }} className={buttonClass()}>
          <Trans>목록</Trans>
        </Link>
      </div>
      <Card>
        {board ? (
          <article className={article.article}>
            <header className={article.head}>
              <div className={article.meta}>
                {board.status === 'ANSWER' ? (
                  <Badge tone="ok">
                    <Trans>답변완료</Trans>
                  </Badge>
                ) : (
                  <Badge tone="wait">
                    <Trans>답변대기</Trans>
                  </Badge>
                )}
                <span>{faqTypeName(board.faqType)}</span>
              </div>
              <h2 className={article.title}>{board.title}</h2>
              <div className={article.meta}>
                <span>
                  {board.memId} ({board.memName})
                </span>
                <time>{shortDate(board.regDate)}</time>
              </div>
            </header>
            <HtmlContent html={board.content} />
            {board.commentList.map((c) => (
              <section key={c.cmtIdx} className={article.reply}>
                <div className={article.replyHead}>
                  {c.memName} · {shortDate(c.regDate)}
                </div>
                <HtmlContent html={c.content} />
              </section>
            ))}
          </article>
        ) : (
          <Empty>{q.isPending ? <Trans>불러오는 중</Trans> : <Trans>글을 찾을 수 없습니다.</Trans>}</Empty>
        )}
      </Card>
      {board && <InquiryMember prefix={prefix} memId={board.memId} />}
      {/* answered: the posted answer stands alone; a second form under it invited a double answer */}
      {board && board.status !== 'ANSWER' && (
        <Card title={<Trans>답변 작성</Trans>}>
          <form className={css.form} onSubmit={(e) => void submit(e)} noValidate>
            <div className={fieldCss.field}>
              <label className={fieldCss.label} htmlFor="reply">
                <Trans>답변 내용</Trans>
              </label>
              <textarea id="reply" name="reply" className={`${inputClass} ${css.textarea}`} value={reply} onChange={(e) => setReply(e.target.value)} />
            </div>
            <Button type="submit" variant="primary" block disabled={answer.busy}>
              <Trans>답변 등록</Trans>
            </Button>
          </form>
        </Card>
      )}
    </div>
  );
}
