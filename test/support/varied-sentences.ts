// 200 varied sentences for comparing an encoder's vectors with a reference: short, ordinary, long (past a
// 256-token window), non-Latin scripts and accents, punctuation-heavy, numbers and code, and nearly empty ones.
// Seeded (mulberry32), so every run and every machine gets the same list.
import { mulberry32 } from "../../src/math/prng.js";

const WORDS = (
  "the a of river market quiet engine garden signal paper window copper winter harbour ledger orbit " +
  "battery violin forest protocol kernel lantern meadow glacier compiler invoice tunnel crystal velvet " +
  "thunder bridge archive pixel canyon mirror saddle turbine orchard beacon magnet parcel falcon cedar"
).split(" ");

const UNICODE = [
  "Café au lait, crème brûlée et pâtisserie française.",
  "Straße, Größe, Übermaß und Fußgängerzone.",
  "Москва — столица России, город на реке Москве.",
  "Η φωτοσύνθεση μετατρέπει το φως σε χημική ενέργεια.",
  "東京は日本の首都で、人口が最も多い都市です。",
  "北京是中国的首都，有很多历史建筑。",
  "서울은 대한민국의 수도입니다.",
  "القاهرة هي عاصمة مصر وأكبر مدنها.",
  "עברית נכתבת מימין לשמאל.",
  "हिन्दी भारत की एक प्रमुख भाषा है।",
  "Ça coûte 12 € — ou £10, ou ¥1500 ¿verdad? ¡Sí!",
  "The naïve coöperative façade: déjà vu at the café 🙂 today",
  "Zürich → Genève ≈ 280 km ± 5 % (½ day by train) ✓",
  "Ångström, Øresund, Þórr and Ærø are Nordic names.",
];

const PUNCTUATION = [
  "Wait... what?! No -- really?!?",
  "(((nested (parentheses))) [and] {braces}) <angle>",
  "\"Quoted,\" she said; 'single' too: `backticks` as well.",
  "#hashtag @mention $dollar %percent ^caret &ampersand *star",
  "well-known, state-of-the-art, up-to-date; re-entry/exit",
  "a/b\\c|d~e_f+g=h",
  "!!!???...,,,;;;:::",
  "e.g., i.e., etc., vs., Mr. Dr. St. a.m. p.m.",
];

const CODE = [
  "const x = arr.map((v) => v * 2).filter(Boolean);",
  "SELECT id, name FROM users WHERE age > 30 ORDER BY name;",
  "https://example.com/path?query=1&b=2#frag",
  "user.name+tag@example.org",
  "3.14159 2.71828 1.41421 6.02e23 -273.15",
  "ISO 8601: 2024-02-29T23:59:59Z, RFC 2616, HTTP/1.1 404",
  "0x1F 0b1010 0o755 1_000_000 NaN Infinity",
  "def f(x): return x ** 2 if x > 0 else -x",
];

const NEARLY_EMPTY = [".", "a", "?", "ok", "  x  ", "\n\tyes\n", "-", "1", "I", "Hi!"];

/** The 200 sentences, the same on every run for a seed (default 39). */
export function variedSentences(seed = 39): string[] {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const words = (n: number): string => Array.from({ length: n }, () => pick(WORDS)).join(" ");
  const sentence = (n: number): string => {
    const text = words(n);
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  const out: string[] = [...UNICODE, ...PUNCTUATION, ...CODE, ...NEARLY_EMPTY];
  // Long texts: 300 to 600 words, past the 256-token window (truncated there on both sides).
  for (let i = 0; i < 20; i++) out.push(Array.from({ length: 20 + i }, () => sentence(15)).join(" "));
  // Unicode and punctuation mixed into ordinary sentences.
  for (let i = 0; i < 24; i++) out.push(`${sentence(4 + (i % 6))} ${pick(UNICODE)} ${pick(PUNCTUATION)}`);
  // Short (1-4 words) and ordinary (5-40 words) sentences up to 200.
  while (out.length < 200)
    out.push(out.length % 3 === 0 ? sentence(1 + (out.length % 4)) : sentence(5 + Math.floor(random() * 36)));
  return out;
}
