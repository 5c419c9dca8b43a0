/**
 * Every screen of every role, as the every-screen check opens it. `route` is the route tree's full
 * path (src/app/routeTree.gen.ts); a unit test holds this list to the tree. A screen with a
 * parameter is reached through a link on `via`: the first `follow` link there.
 */
export type Role = 'guest' | 'player' | 'partner' | 'operator';

export interface Screen {
  role: Role;
  route: string;
  /** the URL to open (prefix `demo`), or the list page whose first `follow` link opens it */
  path: string;
  follow?: string;
}

const s = (role: Role, route: string, path = route.replace('$prefix', 'demo'), follow?: string): Screen => ({ role, route, path, follow });

export const screens: Screen[] = [
  s('guest', '/$prefix/'),
  s('guest', '/$prefix/login'),
  s('guest', '/$prefix/signup'),
  s('guest', '/$prefix/admin/login'),
  s('guest', '/$prefix/warning'),
  s('guest', '/platform/login'),
  // without a link's token: the "not a valid link" state
  s('guest', '/platform/setup'),
  s('guest', '/platform/join'),

  s('player', '/$prefix/main'),
  s('player', '/$prefix/my'),
  s('player', '/$prefix/bettingHistory'),
  s('player', '/$prefix/charge'),
  s('player', '/$prefix/exchange'),
  s('player', '/$prefix/moveList'),
  s('player', '/$prefix/point'),
  s('player', '/$prefix/pointuse'),
  s('player', '/$prefix/pointuselist'),
  s('player', '/$prefix/coupon'),
  s('player', '/$prefix/infoEdit'),
  s('player', '/$prefix/protection'),
  s('player', '/$prefix/msg'),
  s('player', '/$prefix/msgread/$msgIdx', '/demo/msg', '/msgread/'),
  s('player', '/$prefix/noticeList'),
  s('player', '/$prefix/noticeRead/$boardIdx', '/demo/noticeList', '/noticeRead/'),
  s('player', '/$prefix/qna'),
  s('player', '/$prefix/qnawrite'),
  s('player', '/$prefix/qnaread/$boardIdx', '/demo/qna', '/qnaread/'),

  s('partner', '/$prefix/partnerMain'),
  s('partner', '/$prefix/partnerList'),
  s('partner', '/$prefix/partnerList2'),
  s('partner', '/$prefix/partnerListLevel{$code}', '/demo/partnerListLevelPTN_4'),
  s('partner', '/$prefix/partnerUserList'),
  s('partner', '/$prefix/partnerMemberList'),
  s('partner', '/$prefix/subMemberList'),
  s('partner', '/$prefix/onlineMemberList'),
  s('partner', '/$prefix/userOnlinelist'),
  s('partner', '/$prefix/partnerDetail', '/demo/partnerDetail?id=ptn3'),
  s('partner', '/$prefix/userDetail', '/demo/userDetail?id=user1'),
  s('partner', '/$prefix/partnerRate'),
  s('partner', '/$prefix/partnerMoneyMoveList'),
  s('partner', '/$prefix/cashList'),
  s('partner', '/$prefix/cashListMy'),
  s('partner', '/$prefix/subpartnerPointList'),
  s('partner', '/$prefix/pointList'),
  s('partner', '/$prefix/couponList'),
  s('partner', '/$prefix/partnerCalculationList'),
  s('partner', '/$prefix/partnerCalculationUserList'),
  s('partner', '/$prefix/bettingList'),
  s('partner', '/$prefix/bettingListSport'),
  s('partner', '/$prefix/bettingtotal'),
  s('partner', '/$prefix/bettingcasino'),
  s('partner', '/$prefix/bettingslot'),
  s('partner', '/$prefix/statDateBet'),
  s('partner', '/$prefix/statDateAgent'),
  s('partner', '/$prefix/statDateGames'),
  s('partner', '/$prefix/statDateUsers'),
  s('partner', '/$prefix/statisticDateBet'),
  s('partner', '/$prefix/statisticDateAgent'),
  s('partner', '/$prefix/statisticDateGames'),
  s('partner', '/$prefix/statisticDateUsers'),
  s('partner', '/$prefix/statisticAllGames'),
  s('partner', '/$prefix/statisticAllUsers'),
  // the shared screens in the partner shell
  s('partner', '/$prefix/charge'),
  s('partner', '/$prefix/infoEdit'),
  s('partner', '/$prefix/noticeList'),

  s('operator', '/$prefix/admin/', '/demo/admin'),
  s('operator', '/$prefix/admin/cash'),
  s('operator', '/$prefix/admin/inquiries'),
  s('operator', '/$prefix/admin/inquiries/$boardIdx', '/demo/admin/inquiries', '/admin/inquiries/'),
  s('operator', '/$prefix/admin/members'),
  s('operator', '/$prefix/admin/partners'),
  s('operator', '/$prefix/admin/partnerRequests'),
  s('operator', '/$prefix/admin/ledger'),
  s('operator', '/$prefix/admin/coupons'),
  s('operator', '/$prefix/admin/notices'),
  s('operator', '/$prefix/admin/messages'),
  s('operator', '/$prefix/admin/banners'),
  s('operator', '/$prefix/admin/site'),
  s('operator', '/$prefix/admin/ipBlock'),
  s('operator', '/$prefix/admin/audit'),
];

/** Full paths of the route tree that are not screens of their own, and why. */
export const notScreens: Record<string, string> = {
  '/': 'redirects to the default site',
  '/$prefix': 'layout of every site page',
  '/$prefix/$': 'unknown paths: redirects',
  '/$prefix/admin': 'the operator layout; its index, the operator home, is /$prefix/admin/',
  '/$prefix/game/$vendor/$game': "a vendor's game in a frame: the vendor's page, not ours",
  '/platform/':
    'the platform console home: needs a platform owner, which the demo server has not; platform-setup.spec.ts walks to it on a production start and shoots it at 412 and 320 px, light and dark',
  '/platform': "the console's layout (one guard, the loaders): not a screen of its own; its screens are listed here",
  '/platform/open': 'the open-site form: needs a platform owner; platform-sites.spec.ts fills it on a production start and shoots it at 320 px, light and dark',
  '/platform/sites/$prefix': 'a site seen from the console: needs a platform owner; platform-setup.spec.ts opens lucky there, suspends and resumes it',
  '/$prefix/admin/twoFactor':
    "the operator's two-factor offer after sign-in: the demo operator has put it off, so it passes on to the home; platform-setup.spec.ts and first-day.spec.ts take it on a production start",
  '/$prefix/admin/invite': "a site operator's invitation: needs a token the console made; platform-sites.spec.ts opens one and shoots it",
};
