import { CsvReader, csvLine, CsvSyntaxError } from './csv';

function readAll(text: string, chunkSize: number): string[][] {
  const reader = new CsvReader();
  const records: string[][] = [];
  for (let i = 0; i < text.length; i += chunkSize) records.push(...reader.push(text.slice(i, i + chunkSize)));
  return [...records, ...reader.end()];
}

describe('CsvReader', () => {
  const text = 'title,price\r\n"Seaside, flat",250000\n"He said ""hi""",\n"two\nlines",3\nlast,4';
  const expected = [
    ['title', 'price'],
    ['Seaside, flat', '250000'],
    ['He said "hi"', ''],
    ['two\nlines', '3'],
    ['last', '4'],
  ];

  it.each([1, 2, 7, 1000])('reads quoted fields, escaped quotes, line breaks in quotes and CRLF, in chunks of %i', (size) => {
    expect(readAll(text, size)).toEqual(expected);
  });

  it('skips empty lines and needs no final line break', () => {
    expect(readAll('a\n\nb\n', 3)).toEqual([['a'], ['b']]);
    expect(readAll('', 3)).toEqual([]);
  });

  it('refuses a file that ends inside quotes, naming the line the quote opened', () => {
    const reader = new CsvReader();
    reader.push('a\nb\n"open\nstill open');
    expect(() => reader.end()).toThrow(new CsvSyntaxError('the file ends inside the quoted field opened on line 3'));
  });

  it('reads a byte order mark (as spreadsheets write one) as no part of the first field', () => {
    const reader = new CsvReader();
    expect([...reader.push('\ufefftitle,size\n'), ...reader.push('\ufeffx,1\n')]).toEqual([
      ['title', 'size'],
      ['\ufeffx', '1'],
    ]);
  });

  it('reads back what csvLine writes', () => {
    const values = ['plain', 'a,b', 'say "x"', 'two\nlines', 42];
    expect(readAll(csvLine(values) + csvLine(['end']), 5)).toEqual([values.map(String), ['end']]);
  });
});
