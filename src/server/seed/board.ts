import type { Deps } from '../domain/deps.js';
import { plainTextToHtml, richTextToHtml } from '../domain/board/sanitize.js';
import { demoPartners, demoPlayers } from './cast.js';
import type { SeedScope } from './scope.js';

const DAY = 24 * 3600_000;
const HOUR = 3600_000;

const notices: { category: string; title: string; content: string; daysAgo: number }[] = [
  {
    category: 'notice',
    title: '정기 점검 안내 (매주 화요일 06:00~08:00)',
    content:
      '<h3>정기 점검 안내</h3><p>보다 안정적인 서비스를 위해 <strong>매주 화요일 06:00~08:00</strong> 정기 점검을 진행합니다.</p>' +
      '<ul><li>점검 중에는 로그인과 게임 이용이 제한됩니다.</li><li>진행 중인 게임은 점검 전에 종료해 주세요.</li></ul>' +
      '<p>문의: <a href="mailto:help@pitboss.example">help@pitboss.example</a></p>',
    daysAgo: 29,
  },
  { category: 'rule', title: '출금 규정 안내', content: '출금은 입금액 대비 100% 롤링 후 신청 가능합니다.\n은행 점검 시간(23:30~00:30)에는 출금 신청이 불가합니다.', daysAgo: 25 },
  { category: 'event', title: '첫 충전 보너스 이벤트', content: '<p>신규 회원 첫 충전 시 <b>10% 포인트</b>를 지급합니다.</p><p>기간: 이번 달 말까지</p>', daysAgo: 20 },
  { category: 'normal', title: '고객센터 운영 시간 변경', content: '고객센터는 24시간 운영됩니다.\n1:1 문의를 이용해 주세요.', daysAgo: 14 },
  { category: 'event', title: '주말 슬롯 페이백 이벤트', content: '<p>주말 슬롯 손실 금액의 <em>5%</em>를 월요일에 포인트로 돌려드립니다.</p>', daysAgo: 8 },
  { category: 'rule', title: '중복 계정 금지 안내', content: '1인 1계정 원칙입니다. 중복 계정은 사전 안내 없이 정지될 수 있습니다.', daysAgo: 5 },
  { category: 'notice', title: '스포츠 배팅 한도 조정 안내', content: '<p>스포츠 단폴 최대 배팅 금액이 <u>3,000,000</u>으로 조정됩니다.</p>', daysAgo: 2 },
  {
    category: 'notice',
    title: '신규 라이브 카지노 오픈',
    content: '<p>새 라이브 카지노 테이블이 추가되었습니다.</p><img src="/media/notice-casino.svg" alt="casino">',
    daysAgo: 0.2,
  },
];

const inquiries: { memId: string; faqType: 'bankaccount' | 'etc'; title: string; content: string; answer?: string; readAnswer?: boolean; daysAgo: number }[] = [
  {
    memId: 'user1',
    faqType: 'bankaccount',
    title: '계좌 문의',
    content: '입금 계좌 안내 부탁드립니다.',
    answer: '입금 계좌는 쪽지로 안내해 드렸습니다.',
    readAnswer: true,
    daysAgo: 27,
  },
  { memId: 'user1', faqType: 'etc', title: '포인트 전환 문의', content: '포인트 전환이 안 됩니다.\n확인 부탁드립니다.', answer: '최소 전환 포인트는 10,000입니다.', daysAgo: 3 },
  {
    memId: 'user2',
    faqType: 'etc',
    title: '출금 지연 문의',
    content: '출금 신청 후 30분이 지났습니다.',
    answer: '은행 점검 시간으로 지연되었습니다. 현재 처리되었습니다.',
    readAnswer: true,
    daysAgo: 18,
  },
  { memId: 'user2', faqType: 'etc', title: '게임 접속 오류', content: '슬롯 게임이 열리지 않습니다.', daysAgo: 1 },
  { memId: 'user3', faqType: 'bankaccount', title: '계좌 문의', content: '계좌 문의 드립니다.', daysAgo: 0.5 },
  { memId: 'user4', faqType: 'etc', title: '닉네임 변경 가능한가요?', content: '닉네임 변경을 원합니다.', answer: '닉네임은 변경할 수 없습니다.', daysAgo: 6 },
  {
    memId: 'user6',
    faqType: 'etc',
    title: '이벤트 참여 방법',
    content: '첫 충전 이벤트 참여 방법이 궁금합니다.',
    answer: '첫 충전 시 자동 지급됩니다.',
    readAnswer: true,
    daysAgo: 12,
  },
  { memId: 'user11', faqType: 'etc', title: '배팅 내역 확인', content: '어제 배팅 내역이 보이지 않습니다.', daysAgo: 2 },
  { memId: 'user15', faqType: 'bankaccount', title: '계좌 문의', content: '계좌 문의 드립니다.', answer: '쪽지로 안내해 드렸습니다.', daysAgo: 9 },
  {
    memId: 'ptn7',
    faqType: 'etc',
    title: '하부 회원 정산 문의',
    content: '지난주 정산 금액 확인 부탁드립니다.',
    answer: '정산 내역을 확인했습니다. 정상입니다.',
    readAnswer: true,
    daysAgo: 15,
  },
  { memId: 'ptn6', faqType: 'etc', title: '요율 변경 요청', content: '슬롯 롤링 요율 조정을 요청합니다.', daysAgo: 4 },
  { memId: 'ptn5', faqType: 'bankaccount', title: '계좌 문의', content: '계좌 문의 드립니다.', answer: '쪽지로 안내해 드렸습니다.', daysAgo: 1.5 },
];

const messages: { title: string; desc: string; daysAgo: number; read: boolean; notice?: boolean }[] = [
  { title: '가입을 환영합니다', desc: '<p>Pitboss에 오신 것을 환영합니다. 즐거운 시간 되세요!</p>', daysAgo: 28, read: true, notice: true },
  { title: '입금 계좌 안내', desc: '입금 계좌는 1:1 문의로 요청해 주세요.\n계좌는 수시로 변경됩니다.', daysAgo: 16, read: true },
  { title: '주말 이벤트 안내', desc: '<p>주말 슬롯 페이백 이벤트가 진행 중입니다.</p>', daysAgo: 7, read: false, notice: true },
  { title: '정기 점검 안내', desc: '화요일 06:00~08:00 정기 점검이 있습니다.', daysAgo: 1, read: false, notice: true },
];

/** Notices, inquiries with and without answers, read and unread messages, one popup and one banner. */
export async function seedBoard(app: Deps, { siteId, ids }: SeedScope) {
  const { db } = app;
  const now = app.clock.now().getTime();
  const at = (daysAgo: number, jitterHours = 0) => new Date(now - daysAgo * DAY + jitterHours * HOUR);
  const admin = ids.get('admin')!;

  await db
    .insertInto('board_post')
    .values(
      notices.map((n) => ({
        site_id: siteId,
        board_type: 'nt' as const,
        category: n.category,
        title: n.title,
        content: richTextToHtml(n.content),
        member_id: admin,
        status: 'ANSWER' as const,
        reg_date: at(n.daysAgo),
      })),
    )
    .execute();
  await db
    .insertInto('board_post')
    .values([
      {
        site_id: siteId,
        board_type: 'normal',
        category: 'normal',
        title: '이용 가이드',
        content: richTextToHtml('<p>충전, 환전, 포인트 전환 방법을 안내합니다.</p>'),
        member_id: admin,
        status: 'ANSWER',
        reg_date: at(22),
      },
      {
        site_id: siteId,
        board_type: 'normal',
        category: 'normal',
        title: '자주 묻는 질문',
        content: richTextToHtml('Q. 출금은 언제 되나요?\nA. 신청 후 10분 내 처리됩니다.'),
        member_id: admin,
        status: 'ANSWER',
        reg_date: at(11),
      },
    ])
    .execute();

  for (const q of inquiries) {
    const { id } = await db
      .insertInto('board_post')
      .values({
        site_id: siteId,
        board_type: 'faq',
        category: '',
        faq_type: q.faqType,
        title: q.title,
        content: plainTextToHtml(q.content),
        member_id: ids.get(q.memId)!,
        status: q.answer ? 'ANSWER' : 'WAIT',
        is_read_admin: q.answer ? 'Y' : 'N',
        reg_date: at(q.daysAgo),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (q.answer) {
      await db
        .insertInto('board_comment')
        .values({ site_id: siteId, post_id: id, member_id: admin, content: plainTextToHtml(q.answer), read_yn: q.readAnswer ? 'Y' : 'N', reg_date: at(q.daysAgo, 3) })
        .execute();
    }
  }

  const receivers = [...demoPlayers.map((p) => p.memId), ...demoPartners.map((p) => p.memId)];
  await db
    .insertInto('message')
    .values(
      receivers.flatMap((memId, i) =>
        messages.map((m, j) => ({
          site_id: siteId,
          receiver_id: ids.get(memId)!,
          sender_id: admin,
          title: m.title,
          description: richTextToHtml(m.desc),
          notice_yn: m.notice ? ('Y' as const) : ('N' as const),
          // everyone has read and unread ones; every third member has already read the weekend one
          msg_status: m.read || (j === 2 && i % 3 === 2) ? ('Y' as const) : ('N' as const),
          send_date: at(m.daysAgo, -((i + j) % 6)),
          read_date: m.read || (j === 2 && i % 3 === 2) ? at(m.daysAgo, 2) : null,
        })),
      ),
    )
    .execute();

  await db
    .insertInto('popup')
    .values([
      {
        site_id: siteId,
        kind: 'popup',
        title: '신규 라이브 카지노 오픈',
        content: richTextToHtml('<p>새 라이브 카지노 테이블이 오픈했습니다. <b>지금 바로</b> 즐겨보세요!</p>'),
        image_url: '/media/popup-event.svg',
        link_url: null,
        start_date: at(3),
        end_date: at(-30),
        ord: 1,
        reg_date: at(3),
      },
      {
        site_id: siteId,
        kind: 'banner',
        title: '첫 충전 10% 보너스',
        content: richTextToHtml('첫 충전 시 10% 포인트 지급'),
        image_url: '/media/banner-main.svg',
        link_url: null,
        start_date: at(20),
        end_date: null,
        ord: 1,
        reg_date: at(20),
      },
    ])
    .execute();
}
