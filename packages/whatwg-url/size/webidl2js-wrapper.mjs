// What a browser bundle of the drop-in's webidl2js-wrapper entry holds (as jsdom uses it): the entry
// test/whatwg-url-size.test.ts measures (the package as built, by its name).
export * from '@url-standard/whatwg-url/webidl2js-wrapper';
