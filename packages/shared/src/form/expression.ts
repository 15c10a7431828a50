/**
 * The calculate widget's formula (forms.md 2.2, widgets.md "Calculated fields"), parsed by hand:
 * numbers, field references, + - × ÷ (or * /), unary minus and parentheses. Nothing else is
 * accepted and nothing is ever evaluated as code.
 *
 * A formula comes either as the designer's token list (`["(", {__vModel__: "price"}, "×", "1", "2", ")"]`,
 * single digits being joined into numbers as the designer types them) or as text, where a field is
 * written in braces: `({price} × 12 - {discount}) ÷ 2`. A reference `table.child` inside a sub-table
 * row reads that row's cell, and outside a row the sum of the column.
 */

export type ExpressionToken = string | number | { __vModel__: string; label?: string | null };

type Node =
  | { kind: 'number'; value: number }
  | { kind: 'field'; name: string }
  | { kind: 'negate'; operand: Node }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/'; left: Node; right: Node };

type Lexeme =
  | { kind: 'number'; value: number }
  | { kind: 'field'; name: string }
  | { kind: 'operator'; value: '+' | '-' | '*' | '/' }
  | { kind: 'open' }
  | { kind: 'close' };

export interface CompiledExpression {
  /** The fields the formula reads, in order of first use. */
  readonly fields: readonly string[];
  /**
   * The value for a form's data; `rowIndex` when the calculate field sits in a sub-table row.
   * A missing or non-numeric field counts as 0; a division by zero gives null.
   */
  evaluate(data: Readonly<Record<string, unknown>>, rowIndex?: number): number | null;
}

export class ExpressionError extends Error {}

const MAX_LENGTH = 2000;
const MAX_DEPTH = 50;
const FIELD_NAME = /^[A-Za-z_][\w-]*(\.[A-Za-z_][\w-]*)?$/;
const OPERATORS: Record<string, '+' | '-' | '*' | '/'> = {
  '+': '+',
  '-': '-',
  '*': '*',
  '×': '*',
  '/': '/',
  '÷': '/',
};

function fieldLexeme(name: string): Lexeme {
  if (!FIELD_NAME.test(name)) throw new ExpressionError(`"${name}" is not a field name`);
  return { kind: 'field', name };
}

function numberLexeme(text: string): Lexeme {
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) throw new ExpressionError(`"${text}" is not a number`);
  return { kind: 'number', value: Number(text) };
}

function symbolLexeme(symbol: string): Lexeme | undefined {
  if (symbol === '(') return { kind: 'open' };
  if (symbol === ')') return { kind: 'close' };
  const operator = OPERATORS[symbol];
  return operator ? { kind: 'operator', value: operator } : undefined;
}

function lexText(source: string): Lexeme[] {
  const lexemes: Lexeme[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i] as string;
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    if (/[\d.]/.test(char)) {
      let end = i;
      while (end < source.length && /[\d.]/.test(source[end] as string)) end++;
      lexemes.push(numberLexeme(source.slice(i, end)));
      i = end;
      continue;
    }
    if (char === '{') {
      const end = source.indexOf('}', i);
      if (end < 0) throw new ExpressionError(`a field opened at ${i + 1} is not closed with }`);
      lexemes.push(fieldLexeme(source.slice(i + 1, end).trim()));
      i = end + 1;
      continue;
    }
    const symbol = symbolLexeme(char);
    if (!symbol)
      throw new ExpressionError(
        `"${char}" at ${i + 1} is not allowed; use numbers, {fields}, + - × ÷ and ( )`,
      );
    lexemes.push(symbol);
    i++;
  }
  return lexemes;
}

function lexTokens(tokens: readonly unknown[]): Lexeme[] {
  const lexemes: Lexeme[] = [];
  let digits = '';
  const flush = () => {
    if (digits) lexemes.push(numberLexeme(digits));
    digits = '';
  };
  tokens.forEach((token, index) => {
    if (typeof token === 'number') {
      if (!Number.isFinite(token) || token < 0)
        throw new ExpressionError(`token ${index + 1} is not a number`);
      digits += String(token);
      return;
    }
    if (typeof token === 'string') {
      if (/^[\d.]+$/.test(token)) {
        digits += token;
        return;
      }
      const symbol = symbolLexeme(token);
      if (!symbol) throw new ExpressionError(`token ${index + 1} "${token.slice(0, 20)}" is not allowed`);
      flush();
      lexemes.push(symbol);
      return;
    }
    if (
      token &&
      typeof token === 'object' &&
      typeof (token as { __vModel__?: unknown }).__vModel__ === 'string'
    ) {
      flush();
      lexemes.push(fieldLexeme((token as { __vModel__: string }).__vModel__));
      return;
    }
    throw new ExpressionError(`token ${index + 1} is neither a number, an operator nor a field`);
  });
  flush();
  return lexemes;
}

/** Recursive descent: sum := product (('+'|'-') product)*, product := unary (('*'|'/') unary)*. */
function parse(lexemes: Lexeme[]): Node {
  let position = 0;
  const peek = () => lexemes[position];

  const primary = (depth: number): Node => {
    if (depth > MAX_DEPTH) throw new ExpressionError(`more than ${MAX_DEPTH} nested parentheses`);
    const lexeme = lexemes[position++];
    if (!lexeme) throw new ExpressionError('the formula ends where a number or field is expected');
    if (lexeme.kind === 'number') return { kind: 'number', value: lexeme.value };
    if (lexeme.kind === 'field') return { kind: 'field', name: lexeme.name };
    if (lexeme.kind === 'operator' && lexeme.value === '-')
      return { kind: 'negate', operand: primary(depth + 1) };
    if (lexeme.kind === 'open') {
      const inner = sum(depth + 1);
      if (lexemes[position++]?.kind !== 'close') throw new ExpressionError('a ( is not closed');
      return inner;
    }
    throw new ExpressionError(
      `unexpected ${lexeme.kind === 'close' ? ')' : 'operator'} at token ${position}`,
    );
  };
  const product = (depth: number): Node => {
    let node = primary(depth);
    for (
      let next = peek();
      next?.kind === 'operator' && (next.value === '*' || next.value === '/');
      next = peek()
    ) {
      position++;
      node = { kind: 'binary', operator: next.value, left: node, right: primary(depth) };
    }
    return node;
  };
  const sum = (depth: number): Node => {
    let node = product(depth);
    for (
      let next = peek();
      next?.kind === 'operator' && (next.value === '+' || next.value === '-');
      next = peek()
    ) {
      position++;
      node = { kind: 'binary', operator: next.value, left: node, right: product(depth) };
    }
    return node;
  };

  const root = sum(0);
  const rest = peek();
  if (rest)
    throw new ExpressionError(`unexpected ${rest.kind === 'close' ? ')' : 'token'} at token ${position + 1}`);
  return root;
}

function toNumber(value: unknown): number {
  const number =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : 0;
  return Number.isFinite(number) ? number : 0;
}

/** A value the object holds itself (never one of its prototype's, like `constructor`). */
function own(object: unknown, key: string): unknown {
  if (!object || typeof object !== 'object' || !Object.hasOwn(object, key)) return undefined;
  return (object as Record<string, unknown>)[key];
}

function fieldValue(data: Readonly<Record<string, unknown>>, name: string, rowIndex?: number): number {
  const dot = name.indexOf('.');
  if (dot < 0) return toNumber(own(data, name));
  const rows = own(data, name.slice(0, dot));
  const column = name.slice(dot + 1);
  if (!Array.isArray(rows)) return 0;
  const cell = (row: unknown) => toNumber(own(row, column));
  if (rowIndex !== undefined) return cell(rows[rowIndex]);
  return rows.reduce((total: number, row) => total + cell(row), 0);
}

function collectFields(node: Node, into: string[]): void {
  if (node.kind === 'field' && !into.includes(node.name)) into.push(node.name);
  if (node.kind === 'negate') collectFields(node.operand, into);
  if (node.kind === 'binary') {
    collectFields(node.left, into);
    collectFields(node.right, into);
  }
}

/**
 * Compiles a formula once; `evaluate` can then run on every change of the form. Throws
 * ExpressionError with a message a person can act on when the formula is not one.
 */
export function compileExpression(source: string | readonly ExpressionToken[]): CompiledExpression {
  if (typeof source === 'string' ? source.length > MAX_LENGTH : source.length > MAX_LENGTH)
    throw new ExpressionError(`a formula holds at most ${MAX_LENGTH} characters`);
  const lexemes = typeof source === 'string' ? lexText(source) : lexTokens(source);
  if (lexemes.length === 0) throw new ExpressionError('the formula is empty');
  const root = parse(lexemes);
  const fields: string[] = [];
  collectFields(root, fields);

  const run = (node: Node, data: Readonly<Record<string, unknown>>, rowIndex?: number): number => {
    switch (node.kind) {
      case 'number':
        return node.value;
      case 'field':
        return fieldValue(data, node.name, rowIndex);
      case 'negate':
        return -run(node.operand, data, rowIndex);
      case 'binary': {
        const left = run(node.left, data, rowIndex);
        const right = run(node.right, data, rowIndex);
        if (node.operator === '+') return left + right;
        if (node.operator === '-') return left - right;
        if (node.operator === '*') return left * right;
        return left / right;
      }
    }
  };
  return {
    fields,
    evaluate(data, rowIndex) {
      const value = run(root, data, rowIndex);
      return Number.isFinite(value) ? value : null;
    },
  };
}

/** The message of a formula that does not compile, or null when it does. */
export function expressionProblem(source: string | readonly ExpressionToken[]): string | null {
  try {
    compileExpression(source);
    return null;
  } catch (error) {
    if (error instanceof ExpressionError) return error.message;
    throw error;
  }
}
