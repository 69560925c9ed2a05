import { describe, expect, it } from 'vitest';
import { parseCsv } from './parse.ts';

const cells = (text: string) => {
  const r = parseCsv(text);
  if (!r.ok) throw new Error(r.message);
  return r.records.map((x) => x.cells);
};

describe('parseCsv', () => {
  it.each([
    ['plain cells', 'a,b,c\n1,2,3\n', [['a', 'b', 'c'], ['1', '2', '3']]],
    ['CRLF, CR and no final newline', 'a,b\r\n1,2\r3,4', [['a', 'b'], ['1', '2'], ['3', '4']]],
    ['a byte order mark', '\uFEFFa,b\n1,2', [['a', 'b'], ['1', '2']]],
    ['empty cells', 'a,,c\n,,\n', [['a', '', 'c'], ['', '', '']]],
    ['quoted commas, doubled quotes and line breaks', 'a,"b,c","say ""hi""","x\r\ny"\n', [['a', 'b,c', 'say "hi"', 'x\r\ny']]],
    ['an empty quoted cell', '"",x\n', [['', 'x']]],
    ['blank lines skipped', '\na,b\n\n\n1,2\n\n', [['a', 'b'], ['1', '2']]],
    ['spaces kept as they are', ' a , b \n', [[' a ', ' b ']]],
  ])('reads %s', (_, text, want) => {
    expect(cells(text)).toEqual(want);
  });

  it('gives each record the line it starts on, counting line breaks inside quotes', () => {
    const r = parseCsv('h1,h2\n"multi\nline",x\n\nlast,y\n');
    expect(r.ok && r.records.map((x) => x.line)).toEqual([1, 2, 5]);
  });

  it.each([
    ['an unclosed quote', 'a,b\n"open,x\n', 2, 'a quoted cell is never closed'],
    ['text after a closing quote', 'a,b\n"x"y,z\n', 2, 'a character after the closing quote'],
    ['a quote inside an unquoted cell', 'a,b\nab"c,z\n', 2, 'a quote inside an unquoted cell'],
  ])('fails on %s, naming the line', (_, text, line, message) => {
    const r = parseCsv(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.line).toBe(line);
      expect(r.message).toContain(message);
    }
  });
});
