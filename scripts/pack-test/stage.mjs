// A stage for the package test's `generate` step: one single-hop row per chunk, its question and answer taken
// from the chunk (no judge call), so the step checks the installed command's wiring (documents, chunks sized by
// the judge's tokenizer, the files written) and not a tiny random judge's words.
export default function stage() {
  return {
    async plan(chunks, size) {
      return Array.from({ length: size }, (_, index) => ({
        index,
        request: {
          synthesizer: "single_hop_specific_query_synthesizer",
          chunks: [chunks[index % chunks.length]],
          style: "perfect_grammar",
          length: "short",
          themes: [],
        },
      }));
    },
    async produce(row) {
      const chunk = row.request.chunks[0];
      return {
        row: {
          user_input: `What does ${chunk.headings.at(-1) ?? chunk.documentId} say?`,
          reference: chunk.text,
          reference_contexts: [chunk.text],
          reference_context_ids: [chunk.id],
          synthesizer_name: row.request.synthesizer,
          source_offsets: [{ documentId: chunk.documentId, start: chunk.start, end: chunk.end }],
          query_style: row.request.style,
          query_length: row.request.length,
        },
      };
    },
  };
}
