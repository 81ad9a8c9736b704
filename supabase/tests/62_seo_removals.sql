-- SEO removals: a request is filed awaiting confirmation (a link was mailed) or for review; the link's token, unused
-- and within 48 hours, removes the page and suppresses its entity; an admin approves (the same) or rejects a request
-- once. A suppression takes down every page it covers: an address's pages wherever its keyword targets made them, a
-- domain's pages of every type. Removed pages leave the public reads and count nothing.
begin;
select plan(43);

select tests.create_user('site_admin');
update public.profiles set is_admin = true where id = tests.get_user_id('site_admin');

-- Pages at acme.test: Jane's address (masked; its full address on the keyword targets) on two slugs, John's, the
-- role address info@, and the domain's own pages; one page at other.test.
create function pg_temp.add_page(p_id text, p_type text, p_slug text, p_shown text, p_domain text,
                                 p_entity text default null)
returns void
language plpgsql
as $$
declare
  target uuid;
begin
  if p_entity is not null then
    insert into public.seo_keyword_targets (keyword, page_type, entity, is_generated)
    values ('validate ' || p_slug, p_type, p_entity, true)
    returning id into target;
  end if;
  insert into public.seo_landing_pages
    (id, page_type, slug, target_keyword, entity_domain, target_entity, title, meta_description, h1, content,
     keyword_target_id)
  values (('00000000-0000-4000-b000-0000000000' || p_id)::uuid, p_type, p_slug, 'validate ' || p_slug, p_domain,
          p_shown, 'Is ' || p_shown || ' valid?', 'Validation of ' || p_shown, p_shown, '<p>Verdict</p>', target);
  update public.seo_keyword_targets set page_id = ('00000000-0000-4000-b000-0000000000' || p_id)::uuid
   where id = target;
end;
$$;

select pg_temp.add_page('01', 'email_validate', 'j***-3f9a@acme.test', 'j***@acme.test', 'acme.test', 'jane@acme.test');
select pg_temp.add_page('02', 'email_validate', 'j***-3f9a1b2c@acme.test', 'j***@acme.test', 'acme.test', 'Jane@Acme.test');
select pg_temp.add_page('03', 'email_validate', 'j***-77e0@acme.test', 'j***@acme.test', 'acme.test', 'john@acme.test');
select pg_temp.add_page('04', 'email_validate', 'info@acme.test', 'info@acme.test', 'acme.test', 'info@acme.test');
select pg_temp.add_page('05', 'mx_checker', 'acme.test', 'acme.test', 'acme.test');
select pg_temp.add_page('06', 'domain_verify', 'acme.test', 'acme.test', 'acme.test');
select pg_temp.add_page('07', 'mx_checker', 'other.test', 'other.test', 'other.test');
-- A personal address page whose keyword target has gone: nothing says whose address it was.
select pg_temp.add_page('08', 'email_validate', 'k***-9d1e@other.test', 'k***@other.test', 'other.test');

create function pg_temp.removed()
returns setof text
language sql
as $$ select slug || ' (' || page_type || ')' from public.seo_landing_pages where removed_at is not null order by 1 $$;

-- Act 1: filing -------------------------------------------------------------------------------------------------------

create temporary table filed (name text, id uuid, status text);
grant all on filed to service_role;
-- Files a request as the api does (call it as the trusted server) and names it for the checks below.
create function pg_temp.file(p_name text, p_path text, p_page text, p_email text, p_reason text,
                             p_token_hash text default null, p_network text default null)
returns void
language sql
as $$
  insert into filed
  select p_name, r.* from private.request_seo_removal('https://mailscout.test' || p_path,
    ('00000000-0000-4000-b000-0000000000' || p_page)::uuid, p_email, p_reason, p_token_hash, p_network) as r
$$;

select tests.authenticate_as_service_role();
select pg_temp.file('jane', '/validate/j***-3f9a@acme.test', '01', 'jane@acme.test', 'That is my address',
  repeat('a', 64), '192.0.2.0/24');
select pg_temp.file('domain', '/tools/mx-checker/acme.test', '05', 'someone@elsewhere.test', 'We do not want this page');
select pg_temp.file('gone page', '/verify/gone.test', '99', 'x@gone.test', 'Old page');
reset role;

select results_eq($$ select name, status from filed order by name $$,
  $$ values ('domain', 'pending_review'), ('gone page', 'pending_review'), ('jane', 'awaiting_confirmation') $$,
  'a request with a mailed token awaits confirmation; one without waits for review');
select results_eq(
  $$ select r.page_id, r.token_hash, r.token_expires_at between now() + interval '47 hours 59 minutes'
                                                      and now() + interval '48 hours', r.client_network
       from public.seo_removal_requests as r join filed using (id) where filed.name = 'jane' $$,
  $$ values ('00000000-0000-4000-b000-000000000001'::uuid, repeat('a', 64), true, '192.0.2.0/24') $$,
  'it keeps the page, the token''s hash, an expiry 48 hours on and the network');
select results_eq(
  $$ select r.page_id, r.token_hash, r.token_expires_at from public.seo_removal_requests as r
       join filed using (id) where filed.name = 'gone page' $$,
  $$ values (null::uuid, null::text, null::timestamptz) $$,
  'a request naming no existing page is filed without one, and without a token nothing expires');

-- Act 2: confirming with the mailed token -----------------------------------------------------------------------------

select tests.authenticate_as_service_role();
select is_empty($$ select * from private.confirm_seo_removal(repeat('b', 64)) $$, 'an unknown token confirms nothing');
select results_eq($$ select * from private.confirm_seo_removal(repeat('a', 64)) $$,
  $$ values ('00000000-0000-4000-b000-000000000001'::uuid, 'email_validate', 'j***-3f9a@acme.test') $$,
  'the mailed token confirms the request and answers its page');
select is_empty($$ select * from private.confirm_seo_removal(repeat('a', 64)) $$, 'a used token confirms nothing');
reset role;

select results_eq($$ select status, decided_at is not null, decided_by from public.seo_removal_requests
                      where token_hash = repeat('a', 64) $$,
  $$ values ('removed', true, null::uuid) $$, 'the request is removed, decided now, by nobody but the link');
select results_eq($$ select kind, value, removal_request_id, created_by from public.seo_suppressions $$,
  $$ select 'address', 'jane@acme.test', id, null::uuid from filed where name = 'jane' $$,
  'the full address is suppressed (from its keyword target), with the request that led to it');
select results_eq($$ select * from pg_temp.removed() $$,
  $$ values ('j***-3f9a1b2c@acme.test (email_validate)'), ('j***-3f9a@acme.test (email_validate)') $$,
  'the page comes down, and so does every other page made for that address; John''s, the role''s and the domain''s stay');

select tests.clear_authentication();
select is_empty($$ select from public.seo_landing_pages where slug like 'j***-3f9a%' $$,
  'a visitor no longer reads the removed pages');
select tests.authenticate_as_service_role();
select is(private.record_seo_visit('00000000-0000-4000-b000-000000000002', 'visitor-a', 'view'), false,
  'and they count no views');
select is(private.seo_entity_suppressed('Jane@acme.test', 'acme.test'), true,
  'generation and rendering find the address suppressed, whatever its case');
select is(private.seo_entity_suppressed('jane@acme.test', null), true, 'with or without its domain given');
select is(private.seo_entity_suppressed('john@acme.test', 'acme.test'), false, 'another address at the domain is not');
select is(private.seo_entity_suppressed(null, 'acme.test'), false, 'nor is the domain');
reset role;

-- Act 3: a link past its 48 hours -------------------------------------------------------------------------------------

select tests.authenticate_as_service_role();
select pg_temp.file('john', '/validate/j***-77e0@acme.test', '03', 'john@acme.test', 'Mine', repeat('c', 64));
reset role;
update public.seo_removal_requests set token_expires_at = now() - interval '1 second' where token_hash = repeat('c', 64);
select tests.authenticate_as_service_role();
select is_empty($$ select * from private.confirm_seo_removal(repeat('c', 64)) $$, 'an expired token confirms nothing');
reset role;
select results_eq($$ select status from public.seo_removal_requests where token_hash = repeat('c', 64) $$,
  $$ values ('awaiting_confirmation') $$, 'the request still awaits, for an admin to decide');
select is_empty($$ select from public.seo_landing_pages where slug = 'j***-77e0@acme.test' and removed_at is not null $$,
  'and John''s page stays');

-- Act 4: an admin's decisions -----------------------------------------------------------------------------------------

select tests.authenticate_as_service_role();
select is(private.decide_seo_removal((select id from filed where name = 'gone page'), 'reject',
                                     tests.get_user_id('site_admin')),
  'rejected', 'an admin rejects a request');
reset role;
select results_eq(
  $$ select r.status, r.decided_at is not null, r.decided_by from public.seo_removal_requests as r
       join filed using (id) where filed.name = 'gone page' $$,
  $$ values ('rejected', true, tests.get_user_id('site_admin')) $$, 'rejected now, by that admin');

select tests.authenticate_as_service_role();
select is(private.decide_seo_removal((select id from filed where name = 'domain'), 'approve',
                                     tests.get_user_id('site_admin')),
  'removed', 'an admin approves the domain''s request');
reset role;
select results_eq(
  $$ select kind, value, created_by from public.seo_suppressions where kind = 'domain' $$,
  $$ values ('domain', 'acme.test', tests.get_user_id('site_admin')) $$,
  'the domain is suppressed, by that admin');
select results_eq($$ select * from pg_temp.removed() $$,
  $$ values ('acme.test (domain_verify)'), ('acme.test (mx_checker)'), ('info@acme.test (email_validate)'),
            ('j***-3f9a1b2c@acme.test (email_validate)'), ('j***-3f9a@acme.test (email_validate)'),
            ('j***-77e0@acme.test (email_validate)') $$,
  'every page at the domain comes down, of every type; other.test''s stay');
select results_eq(
  $$ select count(*)::integer from public.seo_landing_pages where entity_domain = 'acme.test' $$,
  $$ values (6) $$, 'removed pages keep their rows, so their addresses answer 410');
select tests.authenticate_as_service_role();
select is(private.seo_entity_suppressed('anyone@acme.test', null), true,
  'every address at a suppressed domain is suppressed');
select is(private.seo_entity_suppressed(null, 'other.test'), false, 'other domains are not');

-- An admin may approve a request still awaiting its link.
select is(private.decide_seo_removal((select id from filed where name = 'john'), 'approve', tests.get_user_id('site_admin')),
  'removed', 'an admin approves a request that still awaits its link');
select is_empty($$ select * from private.confirm_seo_removal(repeat('c', 64)) $$,
  'whose token then confirms nothing');
select results_eq($$ select kind, value from public.seo_suppressions where kind = 'address' order by value $$,
  $$ values ('address', 'jane@acme.test'), ('address', 'john@acme.test') $$,
  'John''s full address is suppressed too');

-- A decided request cannot be decided again (the api answers 409); unknown ids and decisions are refused.
select throws_ok(
  format($$ select private.decide_seo_removal(%L, 'reject', null) $$, (select id from filed where name = 'domain')),
  'P0409', 'removal_request_decided', 'a removed request cannot be rejected afterwards');
select throws_ok(
  format($$ select private.decide_seo_removal(%L, 'approve', null) $$, (select id from filed where name = 'gone page')),
  'P0409', 'removal_request_decided', 'a rejected request cannot be approved afterwards');
select throws_ok(
  format($$ select private.decide_seo_removal(%L, 'approve', null) $$, (select id from filed where name = 'jane')),
  'P0409', 'removal_request_decided', 'nor can a confirmed one');
select throws_ok($$ select private.decide_seo_removal(gen_random_uuid(), 'approve', null) $$,
  'P0404', 'removal_request_not_found', 'an unknown request is not found');
select throws_ok($$ select private.decide_seo_removal(gen_random_uuid(), 'maybe', null) $$,
  'P0422', 'decision_invalid', 'a decision is approve or reject');
reset role;

-- Act 5: what a removal covers, page by page --------------------------------------------------------------------------

-- The role address's page: its address is published in full, and suppressed in full.
update public.seo_landing_pages set removed_at = null where slug = 'info@acme.test';
delete from public.seo_suppressions where kind = 'domain';
select tests.authenticate_as_service_role();
select pg_temp.file('info', '/validate/info@acme.test', '04', 'info@acme.test', 'Our inbox');
select is(private.decide_seo_removal((select id from filed where name = 'info'), 'approve', null), 'removed',
  'approving the role address''s request');
reset role;
select results_eq($$ select value from public.seo_suppressions where kind = 'address' order by value $$,
  $$ values ('info@acme.test'), ('jane@acme.test'), ('john@acme.test') $$, 'suppresses the role address');

-- A personal page whose keyword target has gone: the page comes down, and no address is guessed from its mask.
select tests.authenticate_as_service_role();
select pg_temp.file('orphan', '/validate/k***-9d1e@other.test', '08', 'k@other.test', 'Mine');
select is(private.decide_seo_removal((select id from filed where name = 'orphan'), 'approve', null), 'removed',
  'approving the request of a page without its keyword target');
reset role;
select isnt_empty($$ select from public.seo_landing_pages where slug = 'k***-9d1e@other.test' and removed_at is not null $$,
  'takes the page down');
select is_empty($$ select from public.seo_suppressions where value like '%other.test' $$,
  'and suppresses nothing: its full address is unknown, and the domain was not asked for');
select is_empty($$ select from public.seo_landing_pages where slug = 'other.test' and removed_at is not null $$,
  'the domain''s own page stays');

-- Two requests about one page: the second, approved after the first removed the page, changes nothing more.
select tests.authenticate_as_service_role();
select pg_temp.file('again', '/validate/info@acme.test', '04', 'someone@acme.test', 'Again');
select is(private.decide_seo_removal((select id from filed where name = 'again'), 'approve', null), 'removed',
  'a second request about a removed page is approved too');
reset role;
select results_eq($$ select count(*)::integer from public.seo_suppressions where value = 'info@acme.test' $$,
  $$ values (1) $$, 'and the suppression stays one');
select results_eq(
  $$ select removal_request_id from public.seo_suppressions where value = 'info@acme.test' $$,
  $$ select id from filed where name = 'info' $$, 'naming the request that made it');

select * from finish();
rollback;
