// A self-signed certificate for pinned.test and www.pinned.test (valid 2020-2119), made for tests only, and its key:
// a local TLS server presents it so the transports' certificate checks can be tested without the internet. Nothing
// trusts it unless a test passes it as a trusted certificate. Made with `openssl ca -selfsign` (prime256v1, SAN
// DNS:pinned.test,DNS:www.pinned.test, CA:TRUE so it can be its own trust anchor).
export const TEST_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBeTCCAR6gAwIBAgIBATAKBggqhkjOPQQDAjAWMRQwEgYDVQQDDAtwaW5uZWQu
dGVzdDAgFw0yMDAxMDEwMDAwMDBaGA8yMTE5MTIzMTAwMDAwMFowFjEUMBIGA1UE
AwwLcGlubmVkLnRlc3QwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAARSx1qTpVwu
cqb7t/DS6kZfMrbbr6fRIt1pIRuqQXK3tCRZvD8gOXzZNybVis2UqzXWDsXqjb/S
cxI2qOI4SqD0o1swWTAPBgNVHRMBAf8EBTADAQH/MCcGA1UdEQQgMB6CC3Bpbm5l
ZC50ZXN0gg93d3cucGlubmVkLnRlc3QwHQYDVR0OBBYEFLooO3OlxonRPMSMxt/h
MHFtdx/QMAoGCCqGSM49BAMCA0kAMEYCIQCIiRjiUs4fbyMs9srCP3bN/xohfo19
7g3itfiZ4cZ4kgIhAO1ZcFit99T/vaKzTBG+lljlMdk0kC84DZX+6d6yYMoy
-----END CERTIFICATE-----
`;

export const TEST_PRIVATE_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgCVwJcMoBPwBpEFBP
dB6mBHsWuwbdmeVjcYre4W6mkkGhRANCAARSx1qTpVwucqb7t/DS6kZfMrbbr6fR
It1pIRuqQXK3tCRZvD8gOXzZNybVis2UqzXWDsXqjb/ScxI2qOI4SqD0
-----END PRIVATE KEY-----
`;
