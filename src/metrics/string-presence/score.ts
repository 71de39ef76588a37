/**
 * Ragas `StringPresence`: 1 when the reference occurs in the response as a substring (Python
 * `reference in response`; an empty reference is in every response), else 0.
 *
 * @example
 * stringPresence("Eiffel Tower", "The Eiffel Tower is located in India."); // 1
 */
export function stringPresence(reference: string, response: string): number {
  return response.includes(reference) ? 1 : 0;
}
