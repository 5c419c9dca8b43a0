import type { PushLang } from '../../../contract/push.js';

export type PushKind = 'answer' | 'message' | 'depositOk' | 'depositNo' | 'withdrawOk' | 'withdrawNo' | 'partnerOk' | 'partnerNo' | 'coupon' | 'security';

type Text = { title: string; body: string };

/** The notifications' texts, in the language each device subscribed with. */
const texts: Record<PushKind, Record<PushLang, Text>> = {
  answer: {
    ko: { title: '문의 답변', body: '문의하신 내용에 답변이 등록되었습니다.' },
    en: { title: 'Inquiry answered', body: 'Your inquiry has an answer.' },
    vn: { title: 'Đã trả lời yêu cầu', body: 'Yêu cầu của bạn đã có câu trả lời.' },
  },
  message: {
    ko: { title: '새 쪽지', body: '새 쪽지가 도착했습니다.' },
    en: { title: 'New message', body: 'You have a new message.' },
    vn: { title: 'Tin nhắn mới', body: 'Bạn có tin nhắn mới.' },
  },
  depositOk: {
    ko: { title: '충전 승인', body: '{amount}원 충전이 승인되었습니다.' },
    en: { title: 'Deposit approved', body: 'Your deposit of {amount} was approved.' },
    vn: { title: 'Nạp tiền được duyệt', body: 'Khoản nạp {amount} đã được duyệt.' },
  },
  depositNo: {
    ko: { title: '충전 거절', body: '{amount}원 충전 신청이 거절되었습니다.' },
    en: { title: 'Deposit refused', body: 'Your deposit of {amount} was refused.' },
    vn: { title: 'Nạp tiền bị từ chối', body: 'Khoản nạp {amount} đã bị từ chối.' },
  },
  withdrawOk: {
    ko: { title: '환전 승인', body: '{amount}원 환전이 승인되었습니다.' },
    en: { title: 'Withdrawal approved', body: 'Your withdrawal of {amount} was approved.' },
    vn: { title: 'Rút tiền được duyệt', body: 'Khoản rút {amount} đã được duyệt.' },
  },
  withdrawNo: {
    ko: { title: '환전 거절', body: '{amount}원 환전 신청이 거절되었습니다.' },
    en: { title: 'Withdrawal refused', body: 'Your withdrawal of {amount} was refused.' },
    vn: { title: 'Rút tiền bị từ chối', body: 'Khoản rút {amount} đã bị từ chối.' },
  },
  partnerOk: {
    ko: { title: '파트너 신청 승인', body: '{memId} 파트너 신청이 승인되었습니다.' },
    en: { title: 'Partner request approved', body: 'The partner request for {memId} was approved.' },
    vn: { title: 'Yêu cầu đối tác được duyệt', body: 'Yêu cầu đối tác {memId} đã được duyệt.' },
  },
  coupon: {
    ko: { title: '쿠폰 도착', body: '{amount}원 쿠폰이 도착했습니다. 쿠폰함에서 사용하세요.' },
    en: { title: 'Coupon arrived', body: 'A coupon of {amount} arrived. Use it from your coupon box.' },
    vn: { title: 'Phiếu mới', body: 'Bạn nhận được phiếu {amount}. Hãy dùng trong hộp phiếu.' },
  },
  // one text for every security change; {change} is filled from securityChanges below
  security: {
    ko: { title: '보안 설정 변경', body: '{change} 본인이 아니라면 바로 비밀번호를 바꾸고 고객센터에 알려 주세요.' },
    en: { title: 'Security change', body: "{change} If this wasn't you, change your password now and tell support." },
    vn: { title: 'Thay đổi bảo mật', body: '{change} Nếu không phải bạn, hãy đổi mật khẩu ngay và báo cho bộ phận hỗ trợ.' },
  },
  partnerNo: {
    ko: { title: '파트너 신청 거절', body: '{memId} 파트너 신청이 거절되었습니다.' },
    en: { title: 'Partner request refused', body: 'The partner request for {memId} was refused.' },
    vn: { title: 'Yêu cầu đối tác bị từ chối', body: 'Yêu cầu đối tác {memId} đã bị từ chối.' },
  },
};

/** A kind's title and body in `lang`, its {placeholders} filled. */
export function pushText(kind: PushKind, lang: PushLang, values: Record<string, string> = {}): Text {
  const t = texts[kind][lang];
  return { title: t.title, body: t.body.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m) };
}

export type SecurityChange = 'password' | 'pin' | 'limit' | 'pushDevice' | 'twoFactorOn' | 'twoFactorOff';

/** What each security change says, filling {change} of the security text. */
const securityChanges: Record<SecurityChange, Record<PushLang, string>> = {
  password: { ko: '로그인 비밀번호가 변경되었습니다.', en: 'Your login password was changed.', vn: 'Mật khẩu đăng nhập đã được đổi.' },
  pin: { ko: '환전 비밀번호가 변경되었습니다.', en: 'Your withdrawal password was changed.', vn: 'Mật khẩu rút tiền đã được đổi.' },
  limit: { ko: '이용 한도를 올리거나 해제했습니다.', en: 'A protection limit was raised or removed.', vn: 'Một giới hạn bảo vệ đã được nâng hoặc gỡ bỏ.' },
  pushDevice: { ko: '새 기기에서 알림을 켰습니다.', en: 'Notifications were turned on for a new device.', vn: 'Thông báo đã được bật trên một thiết bị mới.' },
  twoFactorOn: { ko: '2단계 인증을 켰습니다.', en: 'Two-factor sign-in was turned on.', vn: 'Đăng nhập hai bước đã được bật.' },
  twoFactorOff: { ko: '2단계 인증을 껐습니다.', en: 'Two-factor sign-in was turned off.', vn: 'Đăng nhập hai bước đã được tắt.' },
};

export const securityChangeText = (change: SecurityChange, lang: PushLang) => securityChanges[change][lang];
