// Published test cases of the libraries Ragas calls, transcribed:
//   sacrebleu test/test_bleu.py, test/test_sentence_bleu.py, test/test_chrf.py (mjpost/sacrebleu);
//   rouge_score rouge/rouge_scorer_test.py with rouge/testdata/{target,prediction}.txt
//   (google-research/google-research).
// Cases using tokenizers other than 13a/none ("intl", "char") or max_ngram_order != 4 are not offered
// here and are left out.
import { describe, expect, it } from "vitest";
import { computeBleu, corpusBleu } from "../../../src/metrics/bleu-score/score.js";
import { tokenize13a } from "../../../src/metrics/bleu-score/tokenizer-13a.js";
import { corpusChrf } from "../../../src/metrics/chrf-score/score.js";
import { lcsLength, rouge } from "../../../src/metrics/rouge-score/score.js";

const raw = (smoothValue: number | undefined) => ({
  smoothMethod: "floor" as const,
  tokenize: "none" as const,
  useEffectiveOrder: true,
  ...(smoothValue !== undefined ? { smoothValue } : {}),
});

describe("sacrebleu BLEU (test_bleu.py)", () => {
  it("raw corpus BLEU cases", () => {
    expect(corpusBleu(["this is a test", "another test"], [["ref1", "ref2"]], raw(0.01)).score / 100).toBe(0);
    expect(corpusBleu(["this is a test"], [["this is a test"]], raw(0.01)).score / 100).toBeCloseTo(1, 8);
    expect(corpusBleu(["this is a fest"], [["this is a test"]], raw(0.01)).score / 100).toBeCloseTo(
      0.223606797749979,
      8,
    );
  });

  const refs = [
    ["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
    ["The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."],
  ];
  const hyps = ["The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."];

  it("corpus BLEU cases (README example)", () => {
    expect(corpusBleu(hyps, refs).score).toBeCloseTo(48.530827, 6);
    expect(corpusBleu(["", "", ""], refs).score).toBe(0);
    expect(corpusBleu(hyps, refs, { tokenize: "none" }).score).toBeCloseTo(49.1919566, 6);
    expect(corpusBleu(hyps, refs, { tokenize: "13a" }).score).toBeCloseTo(48.530827, 6);
    expect(corpusBleu(hyps, refs, { smoothMethod: "none" }).score).toBeCloseTo(48.530827, 6);
  });

  it("effective order, statistics, scoring and offsets", () => {
    expect(corpusBleu(["test"], [["a test"]], raw(0.01)).score / 100).toBeCloseTo(0.3678794411714425, 8);
    expect(corpusBleu(["a test"], [["a test"]], raw(0.01)).score / 100).toBeCloseTo(1, 8);
    expect(corpusBleu(["a little test"], [["a test"]], raw(0.01)).score / 100).toBeCloseTo(
      0.03218297948685433,
      8,
    );
    const stats = corpusBleu(
      ["am I am a character sequence"],
      [["I am a symbol string sequence a a"]],
      raw(0.01),
    );
    expect(stats.correct).toEqual([4, 2, 1, 0]);
    expect(stats.total).toEqual([6, 5, 4, 3]);
    expect(computeBleu([9, 7, 5, 3], [10, 8, 6, 4], 11, 11).score / 100).toBeCloseTo(0.8375922397, 8);
    const h = ["am I am a character sequence"];
    const r = [["I am a symbol string sequence a a"]];
    expect(corpusBleu(h, r, raw(0)).score / 100).toBeCloseTo(0, 8);
    expect(corpusBleu(h, r, raw(undefined)).score / 100).toBeCloseTo(0.1555722182, 8);
  });

  it("degenerate statistics", () => {
    const cases: Array<[number[], number[], number, number, number]> = [
      [[0, 0, 0, 0], [4, 4, 2, 1], 0, 1, 0],
      [[0, 0, 0, 0], [10, 11, 12, 0], 14, 10, 0],
      [[0, 0, 0, 0], [0, 0, 0, 0], 0, 0, 0],
      [[6, 5, 4, 0], [6, 5, 4, 3], 6, 6, 0],
      [[0, 0, 0, 0], [0, 0, 0, 0], 0, 0, 0.1],
      [[0, 0, 0, 0], [0, 0, 0, 0], 1, 5, 0.01],
    ];
    for (const [correct, total, sys, ref, offset] of cases) {
      expect(
        computeBleu(correct, total, sys, ref, { smoothMethod: "floor", smoothValue: offset }).score / 100,
      ).toBe(0);
    }
  });
});

describe("sacrebleu sentence BLEU (test_sentence_bleu.py)", () => {
  const ref = "producţia de zahăr brut se exprimă în zahăr alb;";
  const sys = "Producția de zahăr primă va fi exprimată în ceea ce privește zahărul alb;";
  const cases: Array<["exp" | "none" | "floor" | "add-k", number | undefined, "13a" | "none", number]> = [
    ["exp", undefined, "13a", 8.493],
    ["none", undefined, "13a", 0],
    ["floor", undefined, "13a", 4.51688],
    ["floor", 0.1, "13a", 4.51688],
    ["floor", 0.5, "13a", 10.1],
    ["add-k", undefined, "13a", 14.882],
    ["add-k", 1, "13a", 14.882],
    ["add-k", 2, "13a", 21.389],
    ["exp", undefined, "none", 7.347],
  ];
  it.each(cases)("smooth %s value %s tokenize %s", (smoothMethod, smoothValue, tokenize, expected) => {
    const settings = {
      smoothMethod,
      tokenize,
      useEffectiveOrder: true,
      ...(smoothValue !== undefined ? { smoothValue } : {}),
    };
    expect(Math.abs(corpusBleu([sys], [[ref]], settings).score - expected)).toBeLessThan(1e-3);
  });
  it("zero BLEU", () => {
    for (const smoothMethod of ["exp", "none", "floor", "add-k"] as const) {
      expect(
        corpusBleu(["this is a cat"], [["okay thanks"]], { smoothMethod, useEffectiveOrder: true }).score,
      ).toBe(0);
    }
  });
});

describe("sacrebleu 13a tokenizer", () => {
  it("splits punctuation as mteval-v13a does", () => {
    // One case per rule of sacrebleu's TokenizerRegexp; expected strings printed by sacrebleu 2.6.0's Tokenizer13a.
    expect(tokenize13a("Hello, world. (Yes!) a/b")).toBe("Hello , world . ( Yes ! ) a / b");
    expect(tokenize13a("3.14 and 1,000 but 1-2 and e.g.")).toBe("3.14 and 1,000 but 1 - 2 and e . g .");
    expect(tokenize13a("a &amp; b &lt;c&gt; &quot;d&quot; <skipped>x")).toBe('a & b < c > " d " x');
    expect(tokenize13a("hy-\nphen\nnext")).toBe("hyphen next");
  });
});

describe("sacrebleu chrF (test_chrf.py)", () => {
  const eps = 1e-4;
  const cases: Array<[string[], string[], number]> = [
    [["abcdefg"], ["hijklmnop"], 0],
    [["a"], ["b"], 0],
    [[""], ["b"], 0],
    [[""], ["ref"], 0],
    [[""], ["reference"], 0],
    [["aa"], ["ab"], 8.3333],
    [["a", "b"], ["a", "c"], 8.3333],
    [["a"], ["a"], 16.6667],
    [["a b c"], ["a b c"], 50],
    [["a b c"], ["abc"], 50],
    [
      [
        " risk assessment must be made of those who are qualified and expertise in the sector - these are the scientists .",
      ],
      [
        "risk assessment has to be undertaken by those who are qualified and expert in that area - that is the scientists .",
      ],
      63.36173,
    ],
    [
      [" Die    Beziehung zwischen  Obama und Netanjahu ist nicht gerade  freundlich. "],
      ["Das Verhältnis zwischen Obama und Netanyahu ist nicht gerade freundschaftlich."],
      64.1302698,
    ],
    [
      ["Niemand hat die Absicht, eine Mauer zu errichten"],
      ["Niemand hat die Absicht, eine Mauer zu errichten"],
      100,
    ],
  ];
  it.each(cases)("eps smoothing %j vs %j", (hyps, refs, expected) => {
    const score = corpusChrf(hyps, [refs], { charOrder: 6, wordOrder: 0, beta: 3, epsSmoothing: true }).score;
    expect(Math.abs(score - expected)).toBeLessThan(eps);
  });
  const effective: Array<[string[], string[], number]> = [
    [["a"], ["a"], 100],
    [[""], ["reference"], 0],
    [["a b c"], ["a b c"], 100],
    [["a b c"], ["abc"], 100],
    [[""], ["c"], 0],
    [["a", "b"], ["a", "c"], 50],
    [["aa"], ["ab"], 25],
  ];
  it.each(effective)("effective order %j vs %j", (hyps, refs, expected) => {
    expect(Math.abs(corpusChrf(hyps, [refs], { beta: 3 }).score - expected)).toBeLessThan(eps);
  });
  it("keeps whitespace when asked", () => {
    const a = corpusChrf(
      ["Die Beziehung zwischen Obama und Netanjahu ist nicht gerade freundlich."],
      [["Das Verhältnis zwischen Obama und Netanyahu ist nicht gerade freundschaftlich."]],
      { beta: 3, removeWhitespace: false },
    );
    expect(Math.abs(a.score - 67.3481606)).toBeLessThan(eps);
    const b = corpusChrf(
      [
        "risk assessment must be made of those who are qualified and expertise in the sector - these are the scientists .",
      ],
      [
        [
          "risk assessment has to be undertaken by those who are qualified and expert in that area - that is the scientists .",
        ],
      ],
      { beta: 3, removeWhitespace: false },
    );
    expect(Math.abs(b.score - 65.2414427)).toBeLessThan(eps);
  });
  it("sentence level (eps smoothing, default beta 2)", () => {
    const cases2: Array<[string, string, number]> = [
      [
        "Co nás nejvíc trápí, protože lékaři si vybírají, kdo bude žít a kdo zemře.",
        "Nejvíce smutní jsme z toho, že musíme rozhodovat o tom, kdo bude žít a kdo zemře.",
        39.14078509,
      ],
      [
        "Nebo prostě nemají vybavení, které by jim pomohlo, uvedli lékaři.",
        "A někdy nemáme ani potřebný materiál, abychom jim pomohli, popsali lékaři.",
        31.22557079,
      ],
      [
        "Lapali po dechu, jejich životy skončily dřív, než skutečně začaly.",
        "Lapali po dechu a pak jejich život skončil - dřív, než skutečně mohl začít, připomněli.",
        57.15704367,
      ],
    ];
    for (const [hyp, ref, expected] of cases2) {
      expect(Math.abs(corpusChrf([hyp], [[ref]], { epsSmoothing: true }).score - expected)).toBeLessThan(eps);
    }
  });
});

describe("rouge_score (rouge_scorer_test.py)", () => {
  // rouge/testdata/target.txt and prediction.txt, first two lines each (random strings made to
  // exercise the tokenizer and the stemmer).
  const targets = [
    "ZfbCUIUuePaiLVUlCaUXxkpu XPeWing tUHfPMuZ',-Xd Y BrUgVJing M-HV.-DgdDaY.rFDJCRing Ht-LM EKBDXkME,yz'RBr q'wtion wIojNbN wL,b .a-'XdQggyFl jB-RPP'iyOIcUxer tKM L\n",
    "KsJdPByEtAor fE-Qg Dpdbring cw-WeFyu vC MoBL Xdn g wkvcEiGvKtion BDFhrpMtion psing sbKao Q m qiing LMmer HqqLFXe,XPY,J XsurkMer ,ed nB'wH'bWVHjWFEing tQ.saefZwJtKrTlixYpMMsJing UCAPwNHeYVjDing c T BUySKtion gMPfJpwGw p'NvxAoping eu pBwMBKV'I DNxqelhu,PHPxDEq,mtion SN\n",
  ];
  const predictions = [
    "rFDJCRtion Ht-LM EKtDXkME,yz'RBr q'wer wrojNbN wL,b .a-'XdQggyFl jB-RPP'iyOIcUxi\n",
    "n cw-WeFyu vC MoBL Xdn g wkvcEiGvKtion BDFhrpMer pstion sbKao Q m qier LMmed HqqLFXe,XPY,J XsurkMeo ,ed nB'wH'bWVHjWFEer tQ.saefZwJtKrTlixYpMMNJtion UCAPwNHeYVjD\n",
  ];

  it("rouge1, rouge2, rougeL on short texts", () => {
    const r1 = rouge("testing one two", "testing", "rouge1", false);
    expect([r1.precision, r1.recall, r1.fmeasure]).toEqual([1, 1 / 3, 1 / 2]);
    for (const t of ["rouge1", "rouge2", "rougeL"] as const) {
      expect(rouge("testing one two", "", t, false)).toMatchObject({ precision: 0, recall: 0, fmeasure: 0 });
    }
    const r2 = rouge("testing one two", "testing one", "rouge2", false);
    expect(r2.precision).toBeCloseTo(1, 12);
    expect(r2.recall).toBeCloseTo(1 / 2, 12);
    expect(r2.fmeasure).toBeCloseTo(2 / 3, 12);
    for (const prediction of ["testing one", "testing two"]) {
      const l = rouge("testing one two", prediction, "rougeL", false);
      expect(l.precision).toBeCloseTo(1, 12);
      expect(l.recall).toBeCloseTo(2 / 3, 12);
      expect(l.fmeasure).toBeCloseTo(4 / 5, 12);
    }
    expect(lcsLength(["1", "2", "3", "4", "5"], ["2", "5", "3", "4"])).toBe(3);
    expect(lcsLength(["1", "2", "3", "4", "5"], ["8", "9"])).toBe(0);
  });

  const check = (
    type: "rouge1" | "rouge2" | "rougeL",
    stem: boolean,
    i: number,
    r: number,
    p: number,
    f: number,
  ) => {
    const s = rouge(targets[i]!, predictions[i]!, type, stem);
    expect(s.recall).toBeCloseTo(r, 5);
    expect(s.precision).toBeCloseTo(p, 5);
    expect(s.fmeasure).toBeCloseTo(f, 5);
  };
  it("agrees with ROUGE-1.5.5 without stemming", () => {
    check("rouge1", false, 0, 0.40741, 0.6875, 0.51163);
    check("rouge1", false, 1, 0.40476, 0.65385, 0.5);
    check("rouge2", false, 0, 0.30769, 0.53333, 0.39024);
    check("rouge2", false, 1, 0.29268, 0.48, 0.36364);
    check("rougeL", false, 0, 0.40741, 0.6875, 0.51163);
    check("rougeL", false, 1, 0.40476, 0.65385, 0.5);
  });
  it("agrees with ROUGE-1.5.5 with the Porter stemmer (as Ragas calls it)", () => {
    check("rouge1", true, 0, 0.40741, 0.6875, 0.51163);
    check("rouge1", true, 1, 0.42857, 0.69231, 0.52941);
    check("rouge2", true, 0, 0.30769, 0.53333, 0.39024);
    check("rouge2", true, 1, 0.29268, 0.48, 0.36364);
  });
});
