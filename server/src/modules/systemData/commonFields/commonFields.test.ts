import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteServer } from '../../../../test/harness.js';
import { commonFields } from '../../../db/schema/index.js';

const suite = suiteServer();
let staff: string;
beforeAll(async () => {
  await suite.server.addUser('fieldsStaff', 'Secret#123');
  staff = await suite.server.login('fieldsStaff', 'Secret#123');
}, 120_000);

const as = <T = unknown>(who: string, method: string, path: string, json?: unknown) =>
  suite.server.request<T>(method, path, { token: who, json });
const total = async () => (await suite.server.services.db.select({ n: count() }).from(commonFields))[0]!.n;
const BASE = '/api/system/CommonFields';

interface Field {
  id: string;
  field: string;
  fieldName: string;
  dataType: string;
  dataLength: string;
  allowNull: number;
}

describe('common fields', () => {
  it('refuses bad input with a message naming the problem and writes nothing', async () => {
    const before = await total();
    const good = {
      field: 'f_remark',
      fieldName: '备注',
      dataType: 'varchar',
      dataLength: '500',
      allowNull: 1,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, field: '' }, '请输入字段名'],
      [{ ...good, field: '1abc' }, '名称"1abc"不合法'],
      [{ ...good, field: 'a__b' }, '不能含有连续的下划线'],
      [{ ...good, field: 'select' }, '名称"select"是数据库保留字'],
      [{ ...good, field: 'a;drop table x' }, '只能由字母、数字和下划线组成'],
      [{ ...good, fieldName: '' }, '每个字段都需要字段说明'],
      [{ ...good, dataType: 'blob' }, '数据类型只能是 varchar、int、datetime、decimal、bigint、text'],
      [{ ...good, dataLength: '5000' }, '字段"f_remark"的长度必须是1-4000的整数'],
      [{ ...good, dataType: 'decimal', dataLength: '40,2' }, '字段"f_remark"的长度须为"精度,小数位"'],
      [{ ...good, allowNull: 3 }, '只能为0或1'],
    ];
    for (const [body, message] of cases) {
      const answer = await as(suite.admin, 'POST', BASE, body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.msg).toContain(message);
    }
    // Without the data model page and its buttons.
    expect((await as(staff, 'POST', BASE, good)).code).toBe(400);
    expect((await as(staff, 'GET', BASE)).code).toBe(400);
    expect(await total()).toBe(before);
  });

  it('adds, lists by keyword, reads, edits and deletes; field names are unique in any case', async () => {
    const created = await as<{ id: string }>(suite.admin, 'POST', BASE, {
      field: 'F_Remark',
      fieldName: '备注',
      dataType: 'varchar',
    });
    expect(created.code, created.msg).toBe(200);
    const id = created.data.id;
    const amount = await as<{ id: string }>(suite.admin, 'POST', BASE, {
      field: 'f_amount',
      fieldName: '金额',
      dataType: 'decimal',
      dataLength: '12, 2',
      allowNull: 0,
    });
    expect(amount.code).toBe(200);

    const duplicate = await as(suite.admin, 'POST', BASE, {
      field: 'f_remark',
      fieldName: '又一个',
      dataType: 'text',
    });
    expect(duplicate.code).toBe(400);
    expect(duplicate.msg).toBe('常用字段"f_remark"已存在，请换一个字段名或编辑已有的字段');
    expect(await total()).toBe(2);

    const all = await as<{ list: Field[] }>(suite.admin, 'GET', BASE);
    expect(all.data.list.map((f) => f.field)).toEqual(['f_amount', 'F_Remark']);
    expect(all.data.list[0]).toMatchObject({ dataType: 'decimal', dataLength: '12,2', allowNull: 0 });
    expect(all.data.list[1]).toMatchObject({ dataLength: '50', allowNull: 1 });
    const found = await as<{ list: Field[] }>(
      suite.admin,
      'GET',
      `${BASE}?keyword=${encodeURIComponent('金额')}`,
    );
    expect(found.data.list.map((f) => f.field)).toEqual(['f_amount']);
    expect((await as<{ list: Field[] }>(suite.admin, 'GET', `${BASE}?keyword=%25`)).data.list).toEqual([]);

    const info = await as<Field>(suite.admin, 'GET', `${BASE}/${id}`);
    expect(info.data).toMatchObject({ field: 'F_Remark', fieldName: '备注' });

    // Renaming onto another field's name is refused; keeping its own name (another case) is fine.
    const read = (await as<Field & { version: number }>(suite.admin, 'GET', `${BASE}/${id}`)).data.version;
    const clash = await as(suite.admin, 'PUT', `${BASE}/${id}`, {
      field: 'F_AMOUNT',
      fieldName: '备注',
      dataType: 'text',
      version: read,
    });
    expect(clash.msg).toBe('常用字段"F_AMOUNT"已存在，请换一个字段名或编辑已有的字段');
    const edit = await as(suite.admin, 'PUT', `${BASE}/${id}`, {
      field: 'f_remark',
      fieldName: '说明',
      dataType: 'text',
      dataLength: '',
      version: read,
    });
    expect(edit.code, edit.msg).toBe(200);
    // A second edit made from the copy read before that one is refused and changes nothing.
    const stale = await as(suite.admin, 'PUT', `${BASE}/${id}`, {
      field: 'f_remark',
      fieldName: '旧说明',
      dataType: 'text',
      version: read,
    });
    expect(stale.code).toBe(400);
    expect(stale.msg).toBe('数据已被他人修改，请刷新后重试');
    expect((await as<Field>(suite.admin, 'GET', `${BASE}/${id}`)).data.fieldName).toBe('说明');
    const unversioned = await as(suite.admin, 'PUT', `${BASE}/${id}`, {
      field: 'f_remark',
      fieldName: 'x',
      dataType: 'text',
    });
    expect(unversioned.code).toBe(400);
    expect((await as<Field>(suite.admin, 'GET', `${BASE}/${id}`)).data).toMatchObject({
      field: 'f_remark',
      fieldName: '说明',
      dataType: 'text',
      dataLength: '',
    });
    const badEdit = await as(suite.admin, 'PUT', `${BASE}/${id}`, {
      field: 'order',
      fieldName: '说明',
      dataType: 'text',
      version: read + 1,
    });
    expect(badEdit.code).toBe(400);
    expect((await as<Field>(suite.admin, 'GET', `${BASE}/${id}`)).data.field).toBe('f_remark');

    expect(
      (
        await as(suite.admin, 'PUT', `${BASE}/nope`, {
          field: 'f_x',
          fieldName: 'x',
          dataType: 'int',
          version: 0,
        })
      ).msg,
    ).toBe('常用字段不存在');
    expect((await as(suite.admin, 'DELETE', `${BASE}/${id}`)).code).toBe(200);
    expect((await as(suite.admin, 'GET', `${BASE}/${id}`)).msg).toBe('常用字段不存在');
    expect((await as(suite.admin, 'DELETE', `${BASE}/${id}`)).msg).toBe('常用字段不存在');
    expect(await total()).toBe(1);
  });
});
