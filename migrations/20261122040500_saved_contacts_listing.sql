-- The contacts page at 10,000 contacts (issue #5): each visit reads one page, newest first, and counts the matches;
-- a search matches email, names, company and position case-insensitively. Without help, both sorted and folded the
-- case of every one of the user's contacts on each request (9 ms a page, 30 ms a search at 10,000 contacts).

-- A page is an index range, newest first.
create index saved_contacts_user_id_recent_idx on public.saved_contacts (user_id, created_at desc, id desc);

-- One lower-cased text to search instead of five case-insensitive matches per row. Email comes first and the names
-- sit side by side, so "ann lee" finds Ann Lee.
alter table public.saved_contacts
  add column search_text text not null generated always as (
    lower(
      email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(company, '') || ' '
      || coalesce(position, '')
    )
  ) stored;

comment on column public.saved_contacts.search_text is
  'Email, first and last name, company and position, lower-cased: what the contacts search matches.';
