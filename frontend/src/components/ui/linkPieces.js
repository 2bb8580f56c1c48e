/*
 * Running text cut into plain pieces and the http(s) addresses in it, as the server's e-mails
 * cut it (class_messages/services.py): an address runs to the next space, angle
 * bracket or quote, and what ends a sentence after it (".", ",", a closing bracket it did not
 * open) is no part of it. Only http and https are ever addresses, so no other scheme (javascript:)
 * can become a link.
 */
const ADDRESS = /https?:\/\/[^\s<>"]+/gi;
const SENTENCE_ENDS = ".,;:!?'\")]}";

function count(text, character) {
  return text.split(character).length - 1;
}

function withoutSentenceEnd(found) {
  let address = found;
  while (address && SENTENCE_ENDS.includes(address[address.length - 1])) {
    // A closing bracket the address opened stays (a Wikipedia address).
    if (address[address.length - 1] === ")" && count(address, "(") >= count(address, ")")) break;
    address = address.slice(0, -1);
  }
  return address;
}

// [{text}, {href}, ...] in order; the addresses are the text they link, as written.
export function linkPieces(line) {
  const pieces = [];
  let writtenUpTo = 0;
  for (const match of line.matchAll(ADDRESS)) {
    const address = withoutSentenceEnd(match[0]);
    // "http://" alone, or with only punctuation after it, is no address.
    if (!/^https?:\/\/./i.test(address)) continue;
    if (match.index > writtenUpTo) pieces.push({ text: line.slice(writtenUpTo, match.index) });
    pieces.push({ href: address });
    writtenUpTo = match.index + address.length;
  }
  if (writtenUpTo < line.length) pieces.push({ text: line.slice(writtenUpTo) });
  return pieces;
}
