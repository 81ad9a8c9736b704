// A throwaway certificate authority and a server certificate it signed, made fresh for each test run, so no key sits
// in the repository and nothing expires under the tests. ECDSA P-256 through WebCrypto, which rustls (Deno's TLS) takes.
// @peculiar/x509's dependency injection (tsyringe) needs the Reflect metadata API loaded before it.
import "reflect-metadata";
import * as x509 from "@peculiar/x509";

export interface TestCertificates {
  /** The CA's certificate (PEM): trust it and the server certificate verifies. */
  caPem: string;
  /** The server's certificate (PEM), valid for `hostNames`. */
  certPem: string;
  /** The server's private key (PKCS #8 PEM). */
  keyPem: string;
}

const ALGORITHM = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;

export async function makeTestCertificates(hostNames: readonly string[]): Promise<TestCertificates> {
  x509.cryptoProvider.set(crypto);
  const notBefore = new Date(Date.now() - 60 * 60_000);
  const notAfter = new Date(Date.now() + 24 * 60 * 60_000);
  const caKeys = await crypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"]);
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: "01",
    name: "CN=MailScout probe test CA",
    notBefore,
    notAfter,
    signingAlgorithm: ALGORITHM,
    keys: caKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const serverKeys = await crypto.subtle.generateKey(ALGORITHM, true, ["sign", "verify"]);
  const server = await x509.X509CertificateGenerator.create({
    serialNumber: "02",
    subject: `CN=${hostNames[0]}`,
    issuer: ca.subject,
    notBefore,
    notAfter,
    signingAlgorithm: ALGORITHM,
    publicKey: serverKeys.publicKey,
    signingKey: caKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(hostNames.map((value) => ({ type: "dns" as const, value }))),
      await x509.AuthorityKeyIdentifierExtension.create(ca),
    ],
  });
  const pkcs8 = await crypto.subtle.exportKey("pkcs8", serverKeys.privateKey);
  return {
    caPem: ca.toString("pem"),
    certPem: server.toString("pem"),
    keyPem: x509.PemConverter.encode(pkcs8, "PRIVATE KEY"),
  };
}
