import hashlib
import hmac
import time


def verify_mailscout_signature(header, raw_body, secret, tolerance_seconds=300):
    """Checks a MailScout-Signature header ("t=<unix seconds>,v1=<hex>") against the raw request body (bytes,
    exactly as received) with your webhook signing secret. Refuses signatures older than five minutes, so a
    captured delivery cannot be replayed later."""
    fields = dict(part.strip().split("=", 1) for part in (header or "").split(",") if "=" in part)
    timestamp, signature = fields.get("t", ""), fields.get("v1", "")
    if not timestamp.isdigit() or not signature:
        return False
    if abs(time.time() - int(timestamp)) > tolerance_seconds:
        return False
    expected = hmac.new(secret.encode(), timestamp.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, signature)
