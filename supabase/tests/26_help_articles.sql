-- Help articles: the texts are there, well formed, and the search that picks a ticket's automatic answer ranks the
-- article that answers a question first, scores between 0 and 1, and finds nothing for a question no article is about.
begin;
select plan(18);

select cmp_ok((select count(*)::integer from public.help_articles), '>=', 15, 'the product ships its help articles');
select is_empty(
  $$ select slug from public.help_articles where body like '%  %' or body ~ '^\s' or body ~ '\s$' $$,
  'their texts have no stray spaces'
);

-- A person's questions, and the article that answers each.
select is(
  (select slug from private.support_search_help(question, 1)), expected,
  format('"%s" finds %s first', question, expected)
)
from (values
  ('How many emails can I upload in one CSV file?', 'bulk-limits'),
  ('What does role_account mean in my results?', 'risky-reasons'),
  ('The result says the domain was not found, but the company exists', 'undeliverable-reasons'),
  ('How long do you keep my uploaded files and results?', 'bulk-retention'),
  ('My list has the same address twice, will it be validated twice?', 'bulk-duplicates'),
  ('How do I delete a contact list?', 'contacts-and-lists'),
  ('How much does the Professional plan cost?', 'pricing-plans'),
  ('I am locked out after too many failed sign-ins', 'account-sign-in'),
  ('Can I reopen a resolved ticket?', 'support-tickets'),
  ('Why is the verdict unknown? It says dns_error', 'unknown-results'),
  ('How many free validations do I get without an account?', 'free-limit'),
  ('The website exploration found no emails on the company site', 'domain-exploration')
) as labelled (question, expected);

select ok(
  (select bool_and(rank > 0 and rank <= 1) from private.support_search_help('Which files can I upload?', 20)),
  'ranks run from 0 to 1'
);
select is_empty(
  $$ select from private.support_search_help('Do you sell pizza on Sundays?', 5) $$,
  'a question no article is about finds nothing'
);
select is_empty($$ select from private.support_search_help('the and of', 5) $$, 'nor do stop words alone');
select is(
  (select count(*)::integer from private.support_search_help('email', 2)), 2, 'at most the limit asked for'
);

select * from finish();
rollback;
