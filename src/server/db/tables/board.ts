import type { ColumnType, Generated } from 'kysely';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface BoardTables {
  board_post: {
    id: Generated<number>;
    site_id: string;
    board_type: 'faq' | 'nt' | 'normal';
    category: Generated<string>;
    faq_type: 'bankaccount' | 'etc' | null;
    title: string;
    content: string;
    status: ColumnType<'ANSWER' | 'WAIT', 'ANSWER' | 'WAIT' | undefined, 'ANSWER' | 'WAIT'>;
    is_read_admin: ColumnType<'Y' | 'N', 'Y' | 'N' | undefined, 'Y' | 'N'>;
    member_id: number;
    del_yn: ColumnType<'Y' | 'N', 'Y' | 'N' | undefined, 'Y' | 'N'>;
    reg_date: Stamp & Generated<Date>;
    upd_date: NullableStamp;
  };
  board_comment: {
    id: Generated<number>;
    site_id: string;
    post_id: number;
    member_id: number;
    content: string;
    read_yn: ColumnType<'Y' | 'N', 'Y' | 'N' | undefined, 'Y' | 'N'>;
    reg_date: Stamp & Generated<Date>;
  };
  message: {
    id: Generated<number>;
    site_id: string;
    receiver_id: number;
    sender_id: number | null;
    title: string;
    description: string;
    notice_yn: ColumnType<'Y' | 'N', 'Y' | 'N' | undefined, 'Y' | 'N'>;
    msg_status: ColumnType<'Y' | 'N', 'Y' | 'N' | undefined, 'Y' | 'N'>;
    status: ColumnType<'Y' | 'N', 'Y' | 'N' | undefined, 'Y' | 'N'>;
    send_date: Stamp & Generated<Date>;
    read_date: NullableStamp;
  };
  popup: {
    id: Generated<number>;
    site_id: string;
    kind: 'popup' | 'banner';
    title: string;
    content: Generated<string>;
    image_url: string | null;
    link_url: string | null;
    start_date: NullableStamp;
    end_date: NullableStamp;
    use_yn: ColumnType<'Y' | 'N', 'Y' | 'N' | undefined, 'Y' | 'N'>;
    ord: Generated<number>;
    del_yn: ColumnType<'Y' | 'N', 'Y' | 'N' | undefined, 'Y' | 'N'>;
    reg_date: Stamp & Generated<Date>;
  };
}
