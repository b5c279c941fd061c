// ra-language-spanish 1.0.0 ships no types.
declare module 'ra-language-spanish' {
  const messages: { ra: Record<string, unknown> };
  export default messages;
}
