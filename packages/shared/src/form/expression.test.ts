import { describe, expect, it } from 'vitest';
import { compileExpression, ExpressionError, expressionProblem } from './expression.js';

const value = (
  source: Parameters<typeof compileExpression>[0],
  data: Record<string, unknown> = {},
  row?: number,
) => compileExpression(source).evaluate(data, row);

describe('compileExpression computes', () => {
  it.each([
    ['1 + 2 × 3', 7],
    ['(1 + 2) × 3', 9],
    ['10 ÷ 4', 2.5],
    ['10 / 4 * 2', 5],
    ['10 - 4 - 3', 3],
    ['2 × (3 + (4 - 1)) ÷ 3', 4],
    ['-3 + 5', 2],
    ['-(2 + 3) × 2', -10],
    ['0.1 + .2', 0.30000000000000004],
    ['  7  ', 7],
  ])('%s = %d', (source, expected) => {
    expect(value(source)).toBe(expected);
  });

  it('with fields in braces; a missing, empty or non-numeric field counts as 0', () => {
    expect(value('{price} × {qty} + {fee}', { price: 2.5, qty: '4', fee: null })).toBe(10);
    expect(value('{price} + {qty}', { price: 'abc', qty: '' })).toBe(0);
  });

  it('from the designer token list, joining digits typed one by one', () => {
    const tokens = [
      '(',
      { __vModel__: 'price', label: '单价' },
      '×',
      { __vModel__: 'qty' },
      ')',
      '+',
      '1',
      '0',
      '.',
      '5',
    ];
    const compiled = compileExpression(tokens);
    expect(compiled.evaluate({ price: 3, qty: 2 })).toBe(16.5);
    expect(compiled.fields).toEqual(['price', 'qty']);
    expect(value([{ __vModel__: 'a' }, '÷', 4], { a: 10 })).toBe(2.5);
  });

  it('a sub-table column: the cell of the row, or the column sum outside a row', () => {
    const data = { items: [{ price: 2, qty: 3 }, { price: 5, qty: 1 }, {}] };
    const formula = '{items.price} × {items.qty}';
    expect(value(formula, data, 0)).toBe(6);
    expect(value(formula, data, 1)).toBe(5);
    expect(value('{items.price}', data)).toBe(7);
    expect(value('{items.price}', { items: 'not rows' })).toBe(0);
  });

  it('null for a division by zero', () => {
    expect(value('1 ÷ {x}', { x: 0 })).toBeNull();
  });
});

describe('compileExpression refuses anything else, with a message', () => {
  it.each([
    ["'); process.exit(); ('", /"'" at 1 is not allowed/],
    ['process.exit()', /"p" at 1 is not allowed/],
    ['{a}; alert(1)', /";" at 4/],
    ['constructor.constructor("return this")()', /not allowed/],
    ['{__proto__.x} + {a b}', /"a b" is not a field name/],
    ['{price', /not closed with }/],
    ['1 +', /ends where a number or field is expected/],
    ['(1 + 2', /a \( is not closed/],
    ['1 + 2)', /unexpected \)/],
    ['1 2', /unexpected token/],
    ['1..2', /"1..2" is not a number/],
    ['× 3', /unexpected operator/],
    ['2 ** 3', /unexpected operator/],
    ['`1`', /not allowed/],
    ['', /empty/],
    ['1 + '.repeat(1000), /at most 2000/],
    [`${'('.repeat(60)}1${')'.repeat(60)}`, /nested parentheses/],
  ])('%s', (source, message) => {
    expect(() => compileExpression(source)).toThrow(ExpressionError);
    expect(expressionProblem(source)).toMatch(message);
  });

  it.each([
    [["'); process.exit(); ('"], /token 1 .* is not allowed/],
    [['1', '+', { __vModel__: 'x; process.exit()' }], /is not a field name/],
    [[{ __vModel__: 'a' }, '^', '2'], /token 2 "\^" is not allowed/],
    [[{ toString: () => '1' }], /neither a number, an operator nor a field/],
    [[null], /neither/],
    [[-1], /not a number/],
    [[], /empty/],
  ])('token list %j', (tokens, message) => {
    expect(expressionProblem(tokens as never)).toMatch(message);
  });

  it("reads only the form data's own values, never inherited ones", () => {
    const data = Object.create({ inherited: 5 }) as Record<string, unknown>;
    data.own = 1;
    expect(value('{inherited} + {own} + {constructor} + {toString}', data)).toBe(1);
    expect(value('{items.constructor}', { items: [{}] })).toBe(0);
  });
});
