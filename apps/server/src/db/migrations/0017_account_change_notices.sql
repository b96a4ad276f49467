-- Issue 19: every instance keeps the accounts behind recent tokens for a few seconds. These triggers tell
-- all of them, through NOTIFY on market_changes (delivered when the transaction commits), that an account
-- changed in a way its tokens' checks read: role, deactivation, permissions, name, password, a session
-- ended or removed, the account deleted. Whatever path makes the change, no instance can miss it.
create or replace function notify_account_change() returns trigger language plpgsql as $$
declare
  changed_user uuid;
begin
  if tg_table_name = 'sessions' then
    changed_user := case when tg_op = 'DELETE' then old.users_id else new.users_id end;
  else
    changed_user := case when tg_op = 'DELETE' then old.id else new.id end;
  end if;
  perform pg_notify('market_changes', json_build_object('kind', 'account', 'userId', changed_user)::text);
  return null;
end
$$;
--> statement-breakpoint
create trigger users_account_changed after update on users for each row
  when (old.role is distinct from new.role
     or old.is_deactivated is distinct from new.is_deactivated
     or old.username is distinct from new.username
     or old.password_hash is distinct from new.password_hash
     or old.perm_controls is distinct from new.perm_controls
     or old.perm_payments is distinct from new.perm_payments
     or old.perm_messages is distinct from new.perm_messages
     or old.perm_upload is distinct from new.perm_upload
     or old.perm_editing is distinct from new.perm_editing
     or old.perm_advertise is distinct from new.perm_advertise)
  execute function notify_account_change();
--> statement-breakpoint
create trigger users_account_deleted after delete on users for each row
  execute function notify_account_change();
--> statement-breakpoint
create trigger sessions_ended after update on sessions for each row
  when (old.ended_at is distinct from new.ended_at)
  execute function notify_account_change();
