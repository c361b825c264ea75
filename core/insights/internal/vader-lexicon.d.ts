// Type declaration for the word list inside vader-sentiment (Apache-2.0 port of VADER, MIT).
// The package ships only an untyped bundle; its source module exports the lexicon as a plain object.
declare module 'vader-sentiment/src/vader_lexicon.js' {
  export const lexicon: Readonly<Record<string, number>>;
}
