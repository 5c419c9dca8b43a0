/** The logged-in member as the auth hook resolves it from the session token. */
export interface Caller {
  id: number;
  memId: string;
  memNick: string;
  partnerLevel: string;
  loginType: string;
  sessionId: number;
  expiresAt: Date;
}
