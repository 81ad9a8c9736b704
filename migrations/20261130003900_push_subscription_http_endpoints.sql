-- Push subscriptions may name an http endpoint: devstack's fake push service is plain http on loopback, and the api
-- keeps only endpoints on a push service PUSH_SERVICE_HOSTS names, where an http one must be spelled out as an origin
-- (production's list is https hosts only). The length limit stays.
alter table public.push_subscriptions drop constraint push_subscriptions_endpoint;
alter table public.push_subscriptions add constraint push_subscriptions_endpoint
  check (char_length(endpoint) <= 1000 and endpoint ~ '^https?://');
