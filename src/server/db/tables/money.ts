export interface MoneyTables {}
