import { describe, expect, it } from "vitest";
import { indexProblems } from "./decision-index.mjs";

const records = ["0001-stack.md", "0002-node.md"];
const exists = (target) => records.includes(target);

describe("the decisions' index", () => {
  it("passes when every record has its line and every link resolves", () => {
    const index = [
      "Add a line: `- [NNNN](NNNN-short-name.md) subject`.",
      "- [0001](0001-stack.md) The stack — partly revised by [0002](0002-node.md) (Node)",
      "- [0002](0002-node.md) Node, see [the docs](https://example.com) and [above](#top)",
    ].join("\n");
    expect(indexProblems(records, index, exists)).toEqual([]);
  });

  it("names a record without a line, one listed twice, a wrong label and a missing file", () => {
    const index = [
      "- [0001](0001-stack.md) The stack",
      "- [0003](0001-stack.md) The stack again, mislabelled",
      "Text naming [0002](0002-node.md) is not its line.",
      "- [0009](0009-gone.md) A record that is not there",
    ].join("\n");
    expect(indexProblems(records, index, exists)).toEqual([
      "The line for 0001-stack.md is labelled [0003]: label it [0001].",
      "0001-stack.md is listed 2 times: a record has one line, in one area.",
      '0002-node.md is not listed: add "- [0002](0002-node.md) subject" under its area.',
      "The index links 0009-gone.md, which does not exist.",
    ]);
  });
});
