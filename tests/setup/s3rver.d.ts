// s3rver ships no types; the tests use only its constructor, run() and close().
declare module "s3rver" {
  const S3rver: unknown;
  export default S3rver;
}
