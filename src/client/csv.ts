/**
 * CSV (RFC 4180) read as a stream: `push` takes text as it arrives and returns
 * the records it completed, so a file of any length is read in constant memory
 * (a record is held only until its end). Fields may be quoted, with `""` for a
 * quote and line breaks inside quotes; records end with LF or CRLF. A UTF-8
 * byte order mark (spreadsheets write one) is not part of the first field.
 */
export class CsvReader {
  private started = false;
  private line = 1;
  private quoteLine = 0;
  private field = '';
  private record: string[] = [];
  private quoted = false;
  /** A quote seen inside a quoted field: the next character says whether it closes the field or is escaped. */
  private quoteSeen = false;
  private fieldStarted = false;

  push(text: string): string[][] {
    const records: string[][] = [];
    const chars = !this.started && text.startsWith('\ufeff') ? text.slice(1) : text;
    if (text !== '') this.started = true;
    for (const char of chars) {
      if (char === '\n') this.line += 1;
      if (this.quoteSeen) {
        this.quoteSeen = false;
        if (char === '"') {
          this.field += '"';
          continue;
        }
        this.quoted = false;
      } else if (this.quoted) {
        if (char === '"') this.quoteSeen = true;
        else this.field += char;
        continue;
      }
      if (char === '"' && !this.fieldStarted) {
        this.quoted = true;
        this.quoteLine = this.line;
        this.fieldStarted = true;
      } else if (char === ',') {
        this.endField();
      } else if (char === '\n') {
        this.endField();
        records.push(this.endRecord());
      } else if (char !== '\r') {
        this.field += char;
        this.fieldStarted = true;
      }
    }
    return records.filter((record) => !(record.length === 1 && record[0] === ''));
  }

  /** The last record, when the text did not end with a line break. */
  end(): string[][] {
    if (this.quoted && !this.quoteSeen) throw new CsvSyntaxError(`the file ends inside the quoted field opened on line ${this.quoteLine}`);
    if (!this.fieldStarted && this.record.length === 0) return [];
    this.endField();
    return [this.endRecord()];
  }

  private endField(): void {
    this.record.push(this.field);
    this.field = '';
    this.quoted = false;
    this.quoteSeen = false;
    this.fieldStarted = false;
  }

  private endRecord(): string[] {
    const record = this.record;
    this.record = [];
    return record;
  }
}

export class CsvSyntaxError extends Error {}

/** One CSV line (with its LF): a value with a comma, quote or line break is quoted. */
export function csvLine(values: ReadonlyArray<string | number>): string {
  return `${values.map((value) => (/[",\r\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value))).join(',')}\n`;
}
