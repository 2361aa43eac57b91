// A strict little reader for the XML the course writes (progress --junit), used by the tests to read
// a report back. Why our own and not an XML package: the course has no XML parser, and what a JUnit
// report needs is small (elements, attributes, text, the five entities and character references).
// It refuses what an XML parser refuses: unbalanced tags, a bare & or <, an unquoted or repeated
// attribute, a character XML 1.0 cannot hold, a second root. Comments, CDATA and DTDs are not read
// (the course writes none).

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

// eslint-disable-next-line no-control-regex
const NOT_XML_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

export function readXml(source: string): XmlElement {
  if (NOT_XML_CHAR.test(source)) throw new Error("a character XML 1.0 cannot hold");
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`${what} at ${at}: ${JSON.stringify(source.slice(at, at + 30))}`);
  };
  const skipSpace = () => {
    while (/\s/.test(source[at] ?? "")) at += 1;
  };
  const decode = (raw: string): string => {
    if (/[<]/.test(raw)) fail("a bare < in text or attribute");
    return raw.replace(/&([^;]*);?/g, (whole, name: string) => {
      if (!whole.endsWith(";")) fail("an & that starts no reference");
      const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
      if (named[name] !== undefined) return named[name]!;
      const number = /^#x([0-9a-fA-F]+)$/.exec(name)?.[1] ?? /^#(\d+)$/.exec(name)?.[1];
      if (number === undefined) return fail(`an unknown entity &${name};`);
      return String.fromCodePoint(name.startsWith("#x") ? parseInt(number, 16) : Number(number));
    });
  };
  const name = (): string => {
    const found = /^[A-Za-z_][\w.-]*/.exec(source.slice(at))?.[0];
    if (!found) return fail("a name expected");
    at += found.length;
    return found;
  };
  const element = (): XmlElement => {
    if (source[at] !== "<") fail("< expected");
    at += 1;
    const tag = name();
    const attributes: Record<string, string> = {};
    for (;;) {
      skipSpace();
      if (source.startsWith("/>", at)) {
        at += 2;
        return { name: tag, attributes, children: [], text: "" };
      }
      if (source[at] === ">") {
        at += 1;
        break;
      }
      const key = name();
      if (key in attributes) fail(`attribute ${key} twice`);
      skipSpace();
      if (source[at] !== "=") fail("= expected");
      at += 1;
      skipSpace();
      const quote = source[at];
      if (quote !== '"' && quote !== "'") fail("a quoted value expected");
      const end = source.indexOf(quote!, at + 1);
      if (end < 0) fail("an unclosed attribute value");
      attributes[key] = decode(source.slice(at + 1, end));
      at = end + 1;
    }
    const children: XmlElement[] = [];
    let text = "";
    for (;;) {
      if (at >= source.length) fail(`</${tag}> missing`);
      if (source.startsWith("</", at)) {
        at += 2;
        if (name() !== tag) fail(`</${tag}> expected`);
        skipSpace();
        if (source[at] !== ">") fail("> expected");
        at += 1;
        return { name: tag, attributes, children, text };
      }
      if (source[at] === "<") {
        children.push(element());
        continue;
      }
      const end = source.indexOf("<", at);
      const raw = source.slice(at, end < 0 ? source.length : end);
      if (raw.includes(">") && raw.includes("]]>")) fail("]]> in text");
      text += decode(raw);
      at += raw.length;
    }
  };
  if (source.startsWith("<?xml")) {
    const end = source.indexOf("?>");
    if (end < 0) fail("an unclosed XML declaration");
    at = end + 2;
  }
  skipSpace();
  const root = element();
  skipSpace();
  if (at !== source.length) fail("text after the root element");
  return root;
}
