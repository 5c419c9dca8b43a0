export interface BoardTables {}
