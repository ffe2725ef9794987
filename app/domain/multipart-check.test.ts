import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_BODY_LIMIT, KB, uploadLimit } from "./body-limit";
import { MultipartCheck } from "./multipart-check";

describe("MultipartCheck", () => {
  const B = "----b7MA4YWxk";
  const body = (...parts: string[]) => `${parts.join("")}--${B}--\r\n`;
  const field = (name: string, value: string) =>
    `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = (name: string, filename: string, content: string) =>
    `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n${content}\r\n`;
  const scan = (text: string, limit = uploadLimit(2, 100, 1 * KB), chunks?: number[]) => {
    const check = new MultipartCheck(B, limit);
    const bytes = new TextEncoder().encode(text);
    if (!chunks) return check.push(bytes) ?? check.end();
    let at = 0;
    let i = 0;
    while (at < bytes.length) {
      const size = chunks[i++ % chunks.length]!;
      const verdict = check.push(bytes.subarray(at, at + size));
      if (verdict) return verdict;
      at += size;
    }
    return check.end();
  };

  it("accepts a browser's form with fields and files", () => {
    expect(
      scan(
        body(
          field("name", "Coat"),
          field("note", "two\r\nlines"),
          file("images", "a.png", "x".repeat(100)),
          file("images", "", ""),
        ),
      ),
    ).toBeNull();
    expect(scan(`${body(field("a", "b"))}`.slice(0, -2))).toBeNull(); // no line break after the closing boundary
    expect(scan(body())).toBeNull();
  });

  it.each([
    ["no closing boundary", body(field("a", "b")).slice(0, -(B.length + 6)), 400],
    ["a preamble", `x\r\n${body(field("a", "b"))}`, 400],
    ["an epilogue", `${body(field("a", "b"))}more`, 400],
    ["a part without a name", body(`--${B}\r\nContent-Disposition: form-data\r\n\r\nv\r\n`), 400],
    ["an unquoted name", body(`--${B}\r\nContent-Disposition: form-data; name=a\r\n\r\nv\r\n`), 400],
    ["a part that is not form-data", body(`--${B}\r\nContent-Disposition: attachment; name="a"\r\n\r\nv\r\n`), 400],
    ["a part without headers", body(`--${B}\r\n\r\nv\r\n`), 400],
    ["garbage after a boundary", body(`--${B}xx\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n`), 400],
    ["control characters in a value", body(field("a", "b\u0000")), 400],
    ["control characters in a name", body(field("a\u001b", "b")), 400],
    ["a line feed inside a header", body(`--${B}\r\nContent-Disposition: form-data;\n name="a"\r\n\r\nv\r\n`), 400],
    [
      "headers over 4 KB",
      body(`--${B}\r\nContent-Disposition: form-data; name="a"\r\nX-Pad: ${"p".repeat(4 * KB)}\r\n\r\nv\r\n`),
      400,
    ],
    [
      "a part in latin-1",
      body(
        `--${B}\r\nContent-Disposition: form-data; name="a"\r\nContent-Type: text/plain; charset=iso-8859-1\r\n\r\nv\r\n`,
      ),
      415,
    ],
    ["a third file", body(file("i", "a.png", "1"), file("i", "b.png", "2"), file("i", "c.png", "3")), 413],
    ["a file of 101 bytes", body(file("i", "a.png", "x".repeat(101))), 413],
    // The runtime splits at a boundary after a bare LF, so a file holding one would become two parts.
    [
      "a boundary after a bare line feed inside a file",
      body(file("i", "a.png", `x\n--${B}\r\nContent-Disposition: form-data; name=""\r\n\r\n`)),
      400,
    ],
    ["a boundary after a bare line feed inside a field", body(field("a", `x\n--${B}--`)), 400],
    ["fields over 1 KB", body(field("a", "x".repeat(1000)), field("b", "y".repeat(100))), 413],
    // What the parser lets pass (decision 0060): the checks beside it refuse it.
    [
      "a header line without a colon",
      body(`--${B}\r\nContent-Disposition: form-data; name="a"\r\nstray\r\n\r\nv\r\n`),
      400,
    ],
    [
      "a header without a space after its colon",
      body(`--${B}\r\nContent-Disposition:form-data; name="a"\r\n\r\nv\r\n`),
      400,
    ],
    [
      "a header that ends in a line feed",
      body(`--${B}\r\nContent-Disposition: form-data; name="a"\n\r\n\r\nv\r\n`),
      400,
    ],
    [
      "two Content-Disposition headers",
      body(
        `--${B}\r\nContent-Disposition: form-data; name="a"\r\nContent-Disposition: form-data; name="b"\r\n\r\nv\r\n`,
      ),
      400,
    ],
    [
      "two bytes other than CRLF after a boundary",
      body(`--${B}xxContent-Disposition: form-data; name="a"\r\n\r\nv\r\n`),
      400,
    ],
    ["a closing boundary followed by more than a line break", `${body(field("a", "b"))}\r\n`, 400],
  ])("refuses %s", (_name, text, status) => {
    expect(scan(text)).toMatchObject({ status });
  });

  it("refuses a header that is not UTF-8", () => {
    const check = new MultipartCheck(B, DEFAULT_BODY_LIMIT);
    const [head, tail] = body(field("a\u00e9", "v")).split("\u00e9");
    const bytes = new Uint8Array([...new TextEncoder().encode(head), 0xe9, ...new TextEncoder().encode(tail)]);
    expect(check.push(bytes) ?? check.end()).toEqual({
      status: 400,
      message: "Malformed form: the text is not valid UTF-8.",
    });
  });

  it("takes the closing line break in a chunk of its own", () => {
    const text = body(field("a", "b"));
    expect(scan(text, undefined, [text.length - 2, 2])).toBeNull();
    expect(scan(text, undefined, [text.length - 1, 1])).toBeNull();
    expect(scan(text.slice(0, -2), undefined, [text.length - 4, 2])).toBeNull();
  });

  it("refuses a file on a form that takes none", () => {
    expect(scan(body(file("i", "a.png", "1")), DEFAULT_BODY_LIMIT)).toMatchObject({
      status: 400,
      message: "This form does not take files.",
    });
    expect(scan(body(file("i", "", "")), DEFAULT_BODY_LIMIT)).toBeNull();
  });

  it("gives the same verdict however the body is cut into chunks", () => {
    const samples = [
      body(
        field("name", "Tweed — £40"),
        file("images", "a.png", "\r\n--not-the-boundary\r\n"),
        field("note", `--${B.slice(0, 5)}`),
      ),
      body(field("a", "b")).slice(0, -(B.length + 6)),
      body(file("i", "a.png", "x".repeat(101))),
      body(field("a", "b\u0000")),
      body(file("i", "a.png", `\r\r\n\n--${B}\r\n`)),
      body(field("a", "\r"), field("b", "\r\r")),
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 20 }),
        (text, chunks) => {
          expect(scan(text, undefined, chunks)).toEqual(scan(text));
        },
      ),
      { numRuns: 400 },
    );
  });
});
