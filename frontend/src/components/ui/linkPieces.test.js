import { linkPieces } from "./linkPieces";

test("an address in running text is a link, the full stop after it is not", () => {
  expect(linkPieces("See https://camp.test/kiln. Then come.")).toEqual([
    { text: "See " },
    { href: "https://camp.test/kiln" },
    { text: ". Then come." },
  ]);
});

test("a closing bracket the address opened stays in it; one it did not open ends it", () => {
  expect(linkPieces("(see https://en.wikipedia.org/wiki/Kiln_(pottery))")).toEqual([
    { text: "(see " },
    { href: "https://en.wikipedia.org/wiki/Kiln_(pottery)" },
    { text: ")" },
  ]);
});

test("only http and https are addresses", () => {
  expect(linkPieces("javascript:alert(1) ftp://camp.test http:// HTTP://Camp.test")).toEqual([
    { text: "javascript:alert(1) ftp://camp.test http:// " },
    { href: "HTTP://Camp.test" },
  ]);
});

test("an address ends at a space, an angle bracket or a quote", () => {
  expect(linkPieces('<https://camp.test/a>"https://camp.test/b"')).toEqual([
    { text: "<" },
    { href: "https://camp.test/a" },
    { text: '>"' },
    { href: "https://camp.test/b" },
    { text: '"' },
  ]);
});

test("text without an address is one plain piece, and nothing is none", () => {
  expect(linkPieces("Bring an apron.")).toEqual([{ text: "Bring an apron." }]);
  expect(linkPieces("")).toEqual([]);
});
