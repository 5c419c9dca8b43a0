/** Sort values of the V2 partner and member lists. */
export type OrderStr = 'JOIN_DESC' | 'ID_DESC' | 'ID_ASC' | 'CASH_DESC' | 'POINT_DESC';
export type IdSearch = 'id' | 'nickname';
