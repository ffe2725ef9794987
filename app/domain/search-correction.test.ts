import { describe, expect, it } from "vitest";
import {
  correctSearch,
  editDistance,
  FIRST_CHARACTERS,
  maxEdits,
  nearestWord,
  searchWords,
  vocabularyLetters,
  vocabularySecondLetters,
  type VocabularyWord,
} from "./search-correction";

// The demo catalog's kind of vocabulary: words of names, brands, categories, colours and tags.
const VOCABULARY: VocabularyWord[] = [
  ["jacket", 900],
  ["jackets", 1000],
  ["jaeger", 120],
  ["jeans", 300],
  ["jigsaw", 110],
  ["blazer", 150],
  ["blazers", 1000],
  ["black", 800],
  ["blue", 700],
  ["wool", 400],
  ["coat", 500],
  ["coats", 1000],
  ["cashmere", 90],
  ["dress", 600],
  ["dresses", 1000],
  ["barbour", 200],
  ["burberry", 210],
  ["sezane", 80],
  ["trench", 100],
  ["red", 650],
  ["rixo", 60],
  ["reiss", 70],
  ["silk", 200],
  ["gone", 0],
].map(([term, items]) => ({ term: term as string, items: items as number }));

describe("editDistance (Damerau-Levenshtein, optimal string alignment)", () => {
  it.each([
    ["jaket", "jacket", 1], // a letter left out
    ["jackett", "jacket", 1], // one too many
    ["jacjet", "jacket", 1], // one wrong
    ["jakcet", "jacket", 1], // two swapped
    ["ajcket", "jacket", 1], // the first two swapped
    ["jaket", "jackets", 2],
    ["burbery", "burberry", 1],
    ["coat", "coat", 0],
    ["", "abc", 3],
    ["dress", "wool", 5],
  ])("%s → %s is %i", (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });

  it("stops early past the limit, answering limit + 1", () => {
    expect(editDistance("dress", "wool", 2)).toBe(3);
    expect(editDistance("a", "abcdef", 1)).toBe(2);
  });
});

describe("searchWords", () => {
  it.each([
    ["Jaket", ["jaket"]],
    ["  Wool   CAOT ", ["wool", "caot"]],
    ["Sézane", ["sezane"]],
    ["coat OR dress NOT red", ["coat", "dress", "red"]],
    ['"***"', []],
    ["", []],
  ])("%j → %j", (search, words) => {
    expect(searchWords(search)).toEqual(words);
  });
});

describe("maxEdits and vocabularyLetters", () => {
  it("allows no edit up to 2 letters, one up to 4, two from 5", () => {
    expect([maxEdits("ab"), maxEdits("abc"), maxEdits("abcd"), maxEdits("abcde")]).toEqual([0, 1, 1, 2]);
  });

  it("reads the first and second letters of each word worth correcting", () => {
    expect(vocabularyLetters(["jaket", "ok", "wool"])).toEqual(["a", "j", "o", "w"]);
    expect(vocabularyLetters(["a", "ab"])).toEqual([]);
  });
});

describe("the forgiving search: correctSearch", () => {
  it.each([
    // typos: a letter left out, one too many, one wrong
    ["jaket", "jacket"],
    ["jacker", "jacket"],
    ["blazr", "blazer"],
    ["burbery", "burberry"],
    ["drss", "dress"],
    // transpositions
    ["jakcet", "jacket"],
    ["caot", "coat"],
    ["ajcket", "jacket"],
    // accents and case as the index reads them
    ["Sezanne", "sezane"],
    ["JAKET", "jacket"],
    // several words: only the unknown ones change; a known prefix stays as typed
    ["wool caot", "wool coat"],
    ["black jaket", "black jacket"],
    ["blac jaket", "blac jacket"],
    ["red silk dres", null],
    ["jaket in blu", "jacket in blu"],
  ])("%j → %j", (search, corrected) => {
    expect(correctSearch(search, VOCABULARY)).toBe(corrected);
  });

  it.each([
    ["xylophone", "nothing is close"],
    ["qqqqq", "nothing is close"],
    ["jacket", "every word is known"],
    ["wool dress", "known words that only together find nothing"],
    ["jac", "a prefix of a known word is known"],
    ["xz", "too short to correct"],
    ["", "no words"],
    ["gine", "a word no public item holds any more is not offered"],
  ])("no suggestion for %j (%s)", (search) => {
    expect(correctSearch(search, VOCABULARY)).toBeNull();
  });

  it("prefers fewer edits, then the word more items hold", () => {
    // 'jaket' is one edit from 'jacket' and two from 'jackets' (which more items hold).
    expect(nearestWord("jaket", VOCABULARY)).toBe("jacket");
    // 'riess' is one edit (a swap) from 'reiss', three from 'rixo'.
    expect(nearestWord("riess", VOCABULARY)).toBe("reiss");
    // 'bleu' is one edit (a swap) from 'blue'.
    expect(nearestWord("bleu", VOCABULARY)).toBe("blue");
    const tie = [
      { term: "coats", items: 5 },
      { term: "boats", items: 9 },
    ];
    expect(nearestWord("moats", tie)).toBe("boats");
  });

  it("suggests nothing from an empty vocabulary", () => {
    expect(correctSearch("jaket", [])).toBeNull();
  });
});

describe("a wrong or missing first letter (decision 0050, 2026-11-25)", () => {
  /** The vocabulary as the listing reads it: the ranges of the words' first and second letters. */
  const readFor = (search: string) => {
    const words = searchWords(search);
    const firsts = vocabularyLetters(words);
    const seconds = vocabularySecondLetters(words);
    return VOCABULARY.filter(({ term }) => {
      const [first, second] = [...term];
      return (
        firsts.includes(first!) ||
        (second !== undefined && seconds.includes(second) && FIRST_CHARACTERS.includes(first!))
      );
    });
  };

  it("reads the second letters of each word worth correcting: its own second (a wrong first letter) and its first (a missing one)", () => {
    expect(vocabularySecondLetters(["hacket", "ok", "oat"])).toEqual(["a", "h", "o"]);
    expect(vocabularySecondLetters(["a", "ab"])).toEqual([]);
  });

  it.each([
    ["hacket", "jacket"],
    ["kacket", "jacket"],
    ["oat", "coat"],
    ["oats", "coats"],
    ["lazer", "blazer"],
    ["xjacket", "jacket"],
    ["sress", "dress"],
    ["wool oat", "wool coat"],
    ["hacket in blu", "jacket in blu"],
  ])("%j → %j from the words the ranges read", (search, corrected) => {
    expect(correctSearch(search, readFor(search))).toBe(corrected);
  });

  it("the ranges read without the second letters miss them (what the first-letter ranges alone found)", () => {
    const firstOnly = (search: string) =>
      VOCABULARY.filter(({ term }) => vocabularyLetters(searchWords(search)).includes(term[0]!));
    expect(correctSearch("hacket", firstOnly("hacket"))).toBeNull();
    expect(correctSearch("oat", firstOnly("oat"))).toBeNull();
  });

  it("prefers, among words as near, one with the same first letter before one more items hold", () => {
    const vocabulary = [
      { term: "bags", items: 1 },
      { term: "cats", items: 9 },
    ];
    expect(nearestWord("bats", vocabulary)).toBe("bags");
    // Two edits from each: the word with the same first letter wins.
    expect(
      nearestWord("hakket", [
        { term: "jacket", items: 5 },
        { term: "hacker", items: 1 },
      ]),
    ).toBe("hacker");
    // Still fewer edits first: 'hacket' is one edit from 'jacket', more from 'halter'.
    expect(
      nearestWord("hacket", [
        { term: "halter", items: 50 },
        { term: "jacket", items: 5 },
      ]),
    ).toBe("jacket");
  });
});
