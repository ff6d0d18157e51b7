// What a browser bundle of the drop-in's URL class holds: the entry the size script and
// test/whatwg-url-size.test.ts measure (the package as built, by its name).
export { URL } from '@url-standard/whatwg-url';
