// jsonld 9 ships no types; the part the tests use.
declare module "jsonld" {
  type RemoteDocument = { contextUrl: string | null; documentUrl: string; document: unknown };
  const jsonld: {
    expand(
      input: object,
      options?: { base?: string; documentLoader?: (url: string) => Promise<RemoteDocument> },
    ): Promise<Record<string, unknown>[]>;
  };
  export default jsonld;
}
