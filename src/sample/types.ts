import type { SampleField, SampleFieldValue, sampleFieldTable } from "./field-table.js";

/**
 * One evaluation sample, with Ragas' fields in camelCase: one optional property per entry of the sample field
 * table (`sample/field-table.ts`). Which fields a metric needs is in `requiredFields`.
 */
export type Sample = { -readonly [F in keyof typeof sampleFieldTable]?: SampleFieldValue<F> };

export type { SampleField };
