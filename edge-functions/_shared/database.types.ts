
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  
  "public": {
          Tables: {
            "activity_logs": {
                  Row: {
                    "anomaly_reason": string | null,"created_at": string,"endpoint": string,"id": number,"ip_address": unknown,"is_anomalous": boolean,"notification_sent": boolean,"request_count": number,"time_window": string,"user_agent": string | null,"user_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "anomaly_reason"?: string | null,"created_at"?: string,"endpoint": string,"id"?: never,"ip_address"?: unknown,"is_anomalous"?: boolean,"notification_sent"?: boolean,"request_count"?: number,"time_window"?: string,"user_agent"?: string | null,"user_id"?: string | null
                  }
                  Update: {
                    "anomaly_reason"?: string | null,"created_at"?: string,"endpoint"?: string,"id"?: never,"ip_address"?: unknown,"is_anomalous"?: boolean,"notification_sent"?: boolean,"request_count"?: number,"time_window"?: string,"user_agent"?: string | null,"user_id"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "activity_logs_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"admin_audit_log": {
                  Row: {
                    "action": string,"actor_email": string | null,"actor_id": string | null,"after": Json | null,"before": Json | null,"created_at": string,"id": number,"target_id": string | null,"target_type": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "action": string,"actor_email"?: string | null,"actor_id"?: string | null,"after"?: Json | null,"before"?: Json | null,"created_at"?: string,"id"?: never,"target_id"?: string | null,"target_type"?: string | null
                  }
                  Update: {
                    "action"?: string,"actor_email"?: string | null,"actor_id"?: string | null,"after"?: Json | null,"before"?: Json | null,"created_at"?: string,"id"?: never,"target_id"?: string | null,"target_type"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "admin_audit_log_actor_id_fkey"
      columns: ["actor_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"admin_settings": {
                  Row: {
                    "description": string,"id": number,"setting_key": string,"setting_value": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "description"?: string,"id"?: never,"setting_key": string,"setting_value": string,"updated_at"?: string
                  }
                  Update: {
                    "description"?: string,"id"?: never,"setting_key"?: string,"setting_value"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    
                  ]
                },"affiliate_clicks": {
                  Row: {
                    "affiliate_setting_id": string,"clicked_at": string,"crm_type": string,"id": number,"ip_address": unknown,"referrer_page": string | null,"session_id": string | null,"user_agent": string | null,"user_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "affiliate_setting_id": string,"clicked_at"?: string,"crm_type": string,"id"?: never,"ip_address"?: unknown,"referrer_page"?: string | null,"session_id"?: string | null,"user_agent"?: string | null,"user_id"?: string | null
                  }
                  Update: {
                    "affiliate_setting_id"?: string,"clicked_at"?: string,"crm_type"?: string,"id"?: never,"ip_address"?: unknown,"referrer_page"?: string | null,"session_id"?: string | null,"user_agent"?: string | null,"user_id"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "affiliate_clicks_affiliate_setting_id_fkey"
      columns: ["affiliate_setting_id"]
isOneToOne: false
      referencedRelation: "affiliate_settings"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "affiliate_clicks_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"affiliate_settings": {
                  Row: {
                    "ad_button_text": string,"ad_description": string,"ad_image_url": string | null,"ad_title": string,"affiliate_url": string | null,"click_count": number,"conversion_count": number,"created_at": string,"crm_type": string,"days_between_shows": number,"id": string,"impression_count": number,"is_active": boolean,"max_shows_per_user": number,"revenue_cents": number,"show_after_bulk_validation": boolean,"show_after_validation_count": number,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "ad_button_text"?: string,"ad_description": string,"ad_image_url"?: string | null,"ad_title": string,"affiliate_url"?: string | null,"click_count"?: number,"conversion_count"?: number,"created_at"?: string,"crm_type": string,"days_between_shows"?: number,"id"?: string,"impression_count"?: number,"is_active"?: boolean,"max_shows_per_user"?: number,"revenue_cents"?: number,"show_after_bulk_validation"?: boolean,"show_after_validation_count"?: number,"updated_at"?: string
                  }
                  Update: {
                    "ad_button_text"?: string,"ad_description"?: string,"ad_image_url"?: string | null,"ad_title"?: string,"affiliate_url"?: string | null,"click_count"?: number,"conversion_count"?: number,"created_at"?: string,"crm_type"?: string,"days_between_shows"?: number,"id"?: string,"impression_count"?: number,"is_active"?: boolean,"max_shows_per_user"?: number,"revenue_cents"?: number,"show_after_bulk_validation"?: boolean,"show_after_validation_count"?: number,"updated_at"?: string
                  }
                  Relationships: [
                    
                  ]
                },"anonymous_ip_usage": {
                  Row: {
                    "client_network": unknown,"usage_month": string,"validations_used": number
                  }
                  ComputedFields: never
                  Insert: {
                    "client_network": unknown,"usage_month": string,"validations_used"?: number
                  }
                  Update: {
                    "client_network"?: unknown,"usage_month"?: string,"validations_used"?: number
                  }
                  Relationships: [
                    
                  ]
                },"anonymous_sessions": {
                  Row: {
                    "converted_to_user": boolean,"created_at": string,"discount_code": string | null,"discount_expiry": string | null,"discount_offered": boolean,"discount_redeemed_at": string | null,"free_limit": number,"id": number,"ip_address": unknown,"last_activity_at": string,"last_reset_at": string,"registration_prompted": boolean,"session_id": string,"user_agent": string | null,"validations_used": number
                  }
                  ComputedFields: never
                  Insert: {
                    "converted_to_user"?: boolean,"created_at"?: string,"discount_code"?: string | null,"discount_expiry"?: string | null,"discount_offered"?: boolean,"discount_redeemed_at"?: string | null,"free_limit"?: number,"id"?: never,"ip_address"?: unknown,"last_activity_at"?: string,"last_reset_at"?: string,"registration_prompted"?: boolean,"session_id": string,"user_agent"?: string | null,"validations_used"?: number
                  }
                  Update: {
                    "converted_to_user"?: boolean,"created_at"?: string,"discount_code"?: string | null,"discount_expiry"?: string | null,"discount_offered"?: boolean,"discount_redeemed_at"?: string | null,"free_limit"?: number,"id"?: never,"ip_address"?: unknown,"last_activity_at"?: string,"last_reset_at"?: string,"registration_prompted"?: boolean,"session_id"?: string,"user_agent"?: string | null,"validations_used"?: number
                  }
                  Relationships: [
                    
                  ]
                },"api_key_usage": {
                  Row: {
                    "day": string,"emails": number,"errors": number,"key_id": string,"requests": number,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "day": string,"emails"?: number,"errors"?: number,"key_id": string,"requests"?: number,"user_id": string
                  }
                  Update: {
                    "day"?: string,"emails"?: number,"errors"?: number,"key_id"?: string,"requests"?: number,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "api_key_usage_key_id_fkey"
      columns: ["key_id"]
isOneToOne: false
      referencedRelation: "api_keys"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "api_key_usage_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"api_keys": {
                  Row: {
                    "created_at": string,"expires_at": string | null,"expiry_notice_sent_at": string | null,"id": string,"is_active": boolean | null,"key_hash": string,"key_name": string,"key_prefix": string,"last_used_at": string | null,"rate_limit": number,"replaced_by": string | null,"revoked_at": string | null,"revoked_by": string | null,"updated_at": string,"usage_count": number,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"expires_at"?: string | null,"expiry_notice_sent_at"?: string | null,"id"?: string,"is_active"?: never,"key_hash": string,"key_name": string,"key_prefix": string,"last_used_at"?: string | null,"rate_limit"?: number,"replaced_by"?: string | null,"revoked_at"?: string | null,"revoked_by"?: string | null,"updated_at"?: string,"usage_count"?: number,"user_id": string
                  }
                  Update: {
                    "created_at"?: string,"expires_at"?: string | null,"expiry_notice_sent_at"?: string | null,"id"?: string,"is_active"?: never,"key_hash"?: string,"key_name"?: string,"key_prefix"?: string,"last_used_at"?: string | null,"rate_limit"?: number,"replaced_by"?: string | null,"revoked_at"?: string | null,"revoked_by"?: string | null,"updated_at"?: string,"usage_count"?: number,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "api_keys_replaced_by_fkey"
      columns: ["replaced_by"]
isOneToOne: false
      referencedRelation: "api_keys"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "api_keys_revoked_by_fkey"
      columns: ["revoked_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "api_keys_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"banner_ads": {
                  Row: {
                    "click_count": number,"content": string,"created_at": string,"dismiss_count": number,"end_date": string | null,"id": string,"image_url": string | null,"impression_count": number,"is_active": boolean,"placement": string,"priority": number,"start_date": string | null,"target_url": string | null,"title": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "click_count"?: number,"content"?: string,"created_at"?: string,"dismiss_count"?: number,"end_date"?: string | null,"id"?: string,"image_url"?: string | null,"impression_count"?: number,"is_active"?: boolean,"placement"?: string,"priority"?: number,"start_date"?: string | null,"target_url"?: string | null,"title": string,"updated_at"?: string
                  }
                  Update: {
                    "click_count"?: number,"content"?: string,"created_at"?: string,"dismiss_count"?: number,"end_date"?: string | null,"id"?: string,"image_url"?: string | null,"impression_count"?: number,"is_active"?: boolean,"placement"?: string,"priority"?: number,"start_date"?: string | null,"target_url"?: string | null,"title"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    
                  ]
                },"bulk_validation_chunks": {
                  Row: {
                    "attempts": number,"chunk_no": number,"email_keys": (string)[],"last_error": string | null,"lease_token": string | null,"lease_until": string | null,"phase": number,"row_counts": (number)[],"session_id": string,"state": string
                  }
                  ComputedFields: never
                  Insert: {
                    "attempts"?: number,"chunk_no": number,"email_keys": (string)[],"last_error"?: string | null,"lease_token"?: string | null,"lease_until"?: string | null,"phase"?: number,"row_counts": (number)[],"session_id": string,"state"?: string
                  }
                  Update: {
                    "attempts"?: number,"chunk_no"?: number,"email_keys"?: (string)[],"last_error"?: string | null,"lease_token"?: string | null,"lease_until"?: string | null,"phase"?: number,"row_counts"?: (number)[],"session_id"?: string,"state"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "bulk_validation_chunks_session_id_fkey"
      columns: ["session_id"]
isOneToOne: false
      referencedRelation: "bulk_validation_sessions"
      referencedColumns: ["id"]
    }
                  ]
                },"bulk_validation_items": {
                  Row: {
                    "chunk_no": number,"deferred": boolean,"domain": string,"email_key": string,"probe_id": string | null,"result": NonNullable<Json>,"row_count": number,"session_id": string,"verdict": string
                  }
                  ComputedFields: never
                  Insert: {
                    "chunk_no": number,"deferred"?: boolean,"domain": string,"email_key": string,"probe_id"?: string | null,"result": NonNullable<Json>,"row_count": number,"session_id": string,"verdict": string
                  }
                  Update: {
                    "chunk_no"?: number,"deferred"?: boolean,"domain"?: string,"email_key"?: string,"probe_id"?: string | null,"result"?: NonNullable<Json>,"row_count"?: number,"session_id"?: string,"verdict"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "bulk_validation_items_session_id_fkey"
      columns: ["session_id"]
isOneToOne: false
      referencedRelation: "bulk_validation_sessions"
      referencedColumns: ["id"]
    }
                  ]
                },"bulk_validation_rows": {
                  Row: {
                    "cells": (string)[] | null,"company": string | null,"email": string,"email_key": string,"first_name": string | null,"job_title": string | null,"last_name": string | null,"mobile_number": string | null,"phone_number": string | null,"row_no": number,"session_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "cells"?: (string)[] | null,"company"?: string | null,"email": string,"email_key": string,"first_name"?: string | null,"job_title"?: string | null,"last_name"?: string | null,"mobile_number"?: string | null,"phone_number"?: string | null,"row_no": number,"session_id": string
                  }
                  Update: {
                    "cells"?: (string)[] | null,"company"?: string | null,"email"?: string,"email_key"?: string,"first_name"?: string | null,"job_title"?: string | null,"last_name"?: string | null,"mobile_number"?: string | null,"phone_number"?: string | null,"row_no"?: number,"session_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "bulk_validation_rows_session_id_fkey"
      columns: ["session_id"]
isOneToOne: false
      referencedRelation: "bulk_validation_sessions"
      referencedColumns: ["id"]
    }
                  ]
                },"bulk_validation_sessions": {
                  Row: {
                    "api_key_id": string | null,"callback_url": string | null,"columns": (string)[] | null,"completed_at": string | null,"created_at": string,"distinct_emails": number,"error": string | null,"expires_at": string | null,"file_name": string,"id": string,"invalid_count": number,"last_broadcast_at": string | null,"last_part_rows": number,"last_part_skipped": number,"mailbox_pending": number,"name": string,"parts_received": number,"processed_emails": number,"skipped_rows": number,"started_at": string | null,"status": string,"total_emails": number,"updated_at": string,"upload_complete": boolean,"uploaded_bytes": number,"user_id": string,"valid_count": number,"warning_count": number
                  }
                  ComputedFields: never
                  Insert: {
                    "api_key_id"?: string | null,"callback_url"?: string | null,"columns"?: (string)[] | null,"completed_at"?: string | null,"created_at"?: string,"distinct_emails"?: number,"error"?: string | null,"expires_at"?: string | null,"file_name": string,"id"?: string,"invalid_count"?: number,"last_broadcast_at"?: string | null,"last_part_rows"?: number,"last_part_skipped"?: number,"mailbox_pending"?: number,"name": string,"parts_received"?: number,"processed_emails"?: number,"skipped_rows"?: number,"started_at"?: string | null,"status"?: string,"total_emails"?: number,"updated_at"?: string,"upload_complete"?: boolean,"uploaded_bytes"?: number,"user_id": string,"valid_count"?: number,"warning_count"?: number
                  }
                  Update: {
                    "api_key_id"?: string | null,"callback_url"?: string | null,"columns"?: (string)[] | null,"completed_at"?: string | null,"created_at"?: string,"distinct_emails"?: number,"error"?: string | null,"expires_at"?: string | null,"file_name"?: string,"id"?: string,"invalid_count"?: number,"last_broadcast_at"?: string | null,"last_part_rows"?: number,"last_part_skipped"?: number,"mailbox_pending"?: number,"name"?: string,"parts_received"?: number,"processed_emails"?: number,"skipped_rows"?: number,"started_at"?: string | null,"status"?: string,"total_emails"?: number,"updated_at"?: string,"upload_complete"?: boolean,"uploaded_bytes"?: number,"user_id"?: string,"valid_count"?: number,"warning_count"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "bulk_validation_sessions_api_key_id_fkey"
      columns: ["api_key_id"]
isOneToOne: false
      referencedRelation: "api_keys"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "bulk_validation_sessions_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"campaign_analytics": {
                  Row: {
                    "campaign_id": string,"campaign_type": string,"created_at": string,"event_type": string,"id": number,"ip_address": unknown,"last_seen_at": string,"page": string | null,"revenue_cents": number | null,"segment": string | null,"session_id": string | null,"user_agent": string | null,"user_id": string | null,"visit_day": string,"visit_id": string | null,"visitor": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "campaign_id": string,"campaign_type": string,"created_at"?: string,"event_type": string,"id"?: never,"ip_address"?: unknown,"last_seen_at"?: string,"page"?: string | null,"revenue_cents"?: number | null,"segment"?: string | null,"session_id"?: string | null,"user_agent"?: string | null,"user_id"?: string | null,"visit_day"?: string,"visit_id"?: string | null,"visitor"?: string | null
                  }
                  Update: {
                    "campaign_id"?: string,"campaign_type"?: string,"created_at"?: string,"event_type"?: string,"id"?: never,"ip_address"?: unknown,"last_seen_at"?: string,"page"?: string | null,"revenue_cents"?: number | null,"segment"?: string | null,"session_id"?: string | null,"user_agent"?: string | null,"user_id"?: string | null,"visit_day"?: string,"visit_id"?: string | null,"visitor"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "campaign_analytics_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"campaign_send_batches": {
                  Row: {
                    "attempts": number,"batch_no": number,"done_at": string | null,"lease_expires_at": string | null,"lease_owner": string | null,"send_id": string,"size": number,"status": string,"user_ids": (string)[] | null
                  }
                  ComputedFields: never
                  Insert: {
                    "attempts"?: number,"batch_no": number,"done_at"?: string | null,"lease_expires_at"?: string | null,"lease_owner"?: string | null,"send_id": string,"size": number,"status"?: string,"user_ids"?: (string)[] | null
                  }
                  Update: {
                    "attempts"?: number,"batch_no"?: number,"done_at"?: string | null,"lease_expires_at"?: string | null,"lease_owner"?: string | null,"send_id"?: string,"size"?: number,"status"?: string,"user_ids"?: (string)[] | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "campaign_send_batches_send_id_fkey"
      columns: ["send_id"]
isOneToOne: false
      referencedRelation: "campaign_sends"
      referencedColumns: ["id"]
    }
                  ]
                },"campaign_sends": {
                  Row: {
                    "campaign_id": string,"campaign_type": string,"completed_at": string | null,"created_at": string,"created_by": string | null,"id": string,"processed": number,"started_at": string | null,"status": string,"total": number
                  }
                  ComputedFields: never
                  Insert: {
                    "campaign_id": string,"campaign_type": string,"completed_at"?: string | null,"created_at"?: string,"created_by"?: string | null,"id"?: string,"processed"?: number,"started_at"?: string | null,"status"?: string,"total"?: number
                  }
                  Update: {
                    "campaign_id"?: string,"campaign_type"?: string,"completed_at"?: string | null,"created_at"?: string,"created_by"?: string | null,"id"?: string,"processed"?: number,"started_at"?: string | null,"status"?: string,"total"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "campaign_sends_created_by_fkey"
      columns: ["created_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"contact_audit_log": {
                  Row: {
                    "action": string,"actor_id": string | null,"created_at": string,"email_key": string,"id": number,"kept_after": Json | null,"kept_before": Json | null,"kept_id": number | null,"removed_ids": (number)[],"removed_rows": Json | null,"snapshots_blanked_at": string | null,"undone_at": string | null,"undone_by": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "action": string,"actor_id"?: string | null,"created_at"?: string,"email_key": string,"id"?: never,"kept_after"?: Json | null,"kept_before"?: Json | null,"kept_id"?: number | null,"removed_ids"?: (number)[],"removed_rows"?: Json | null,"snapshots_blanked_at"?: string | null,"undone_at"?: string | null,"undone_by"?: string | null
                  }
                  Update: {
                    "action"?: string,"actor_id"?: string | null,"created_at"?: string,"email_key"?: string,"id"?: never,"kept_after"?: Json | null,"kept_before"?: Json | null,"kept_id"?: number | null,"removed_ids"?: (number)[],"removed_rows"?: Json | null,"snapshots_blanked_at"?: string | null,"undone_at"?: string | null,"undone_by"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "contact_audit_log_actor_id_fkey"
      columns: ["actor_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "contact_audit_log_undone_by_fkey"
      columns: ["undone_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"contact_lists": {
                  Row: {
                    "color": string,"created_at": string,"deleted_at": string | null,"description": string | null,"id": number,"is_default": boolean,"name": string,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "color"?: string,"created_at"?: string,"deleted_at"?: string | null,"description"?: string | null,"id"?: never,"is_default"?: boolean,"name": string,"updated_at"?: string,"user_id"?: string
                  }
                  Update: {
                    "color"?: string,"created_at"?: string,"deleted_at"?: string | null,"description"?: string | null,"id"?: never,"is_default"?: boolean,"name"?: string,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "contact_lists_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"credit_grants": {
                  Row: {
                    "created_at": string,"credit_amount": number,"credits_used": number,"expires_at": string | null,"grant_type": string,"granted_by": string | null,"id": number,"is_active": boolean,"reason": string,"revoked_at": string | null,"revoked_by": string | null,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"credit_amount": number,"credits_used"?: number,"expires_at"?: string | null,"grant_type": string,"granted_by"?: string | null,"id"?: never,"is_active"?: boolean,"reason": string,"revoked_at"?: string | null,"revoked_by"?: string | null,"user_id": string
                  }
                  Update: {
                    "created_at"?: string,"credit_amount"?: number,"credits_used"?: number,"expires_at"?: string | null,"grant_type"?: string,"granted_by"?: string | null,"id"?: never,"is_active"?: boolean,"reason"?: string,"revoked_at"?: string | null,"revoked_by"?: string | null,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "credit_grants_granted_by_fkey"
      columns: ["granted_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "credit_grants_revoked_by_fkey"
      columns: ["revoked_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "credit_grants_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"crm_integrations": {
                  Row: {
                    "access_token_sealed": string | null,"accounts_host": string,"api_host": string,"connected_at": string,"created_at": string,"crm_account_id": string | null,"crm_type": string,"id": string,"is_active": boolean,"last_sync_at": string | null,"refresh_token_sealed": string,"status": string,"sync_settings": NonNullable<Json>,"token_expires_at": string | null,"token_version": number,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "access_token_sealed"?: string | null,"accounts_host": string,"api_host": string,"connected_at"?: string,"created_at"?: string,"crm_account_id"?: string | null,"crm_type": string,"id"?: string,"is_active"?: boolean,"last_sync_at"?: string | null,"refresh_token_sealed": string,"status"?: string,"sync_settings"?: NonNullable<Json>,"token_expires_at"?: string | null,"token_version"?: number,"updated_at"?: string,"user_id": string
                  }
                  Update: {
                    "access_token_sealed"?: string | null,"accounts_host"?: string,"api_host"?: string,"connected_at"?: string,"created_at"?: string,"crm_account_id"?: string | null,"crm_type"?: string,"id"?: string,"is_active"?: boolean,"last_sync_at"?: string | null,"refresh_token_sealed"?: string,"status"?: string,"sync_settings"?: NonNullable<Json>,"token_expires_at"?: string | null,"token_version"?: number,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "crm_integrations_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"crm_oauth_states": {
                  Row: {
                    "created_at": string,"crm_type": string,"expires_at": string,"return_to": string,"state_hash": string,"used_at": string | null,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"crm_type": string,"expires_at"?: string,"return_to": string,"state_hash": string,"used_at"?: string | null,"user_id": string
                  }
                  Update: {
                    "created_at"?: string,"crm_type"?: string,"expires_at"?: string,"return_to"?: string,"state_hash"?: string,"used_at"?: string | null,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "crm_oauth_states_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"crm_sync_items": {
                  Row: {
                    "contact_id": number | null,"email": string,"id": number,"message": string | null,"outcome": string | null,"processed_at": string | null,"sync_log_id": string,"tagged": boolean,"user_id": string,"zoho_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "contact_id"?: number | null,"email": string,"id"?: never,"message"?: string | null,"outcome"?: string | null,"processed_at"?: string | null,"sync_log_id": string,"tagged"?: boolean,"user_id": string,"zoho_id"?: string | null
                  }
                  Update: {
                    "contact_id"?: number | null,"email"?: string,"id"?: never,"message"?: string | null,"outcome"?: string | null,"processed_at"?: string | null,"sync_log_id"?: string,"tagged"?: boolean,"user_id"?: string,"zoho_id"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "crm_sync_items_contact_id_fkey"
      columns: ["contact_id"]
isOneToOne: false
      referencedRelation: "saved_contacts"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "crm_sync_items_sync_log_id_fkey"
      columns: ["sync_log_id"]
isOneToOne: false
      referencedRelation: "crm_sync_logs"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "crm_sync_items_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"crm_sync_logs": {
                  Row: {
                    "completed_at": string | null,"created": number,"created_at": string,"error_details": Json | null,"id": string,"integration_id": string,"lease_expires_at": string | null,"lease_owner": string | null,"message": string | null,"options": NonNullable<Json>,"records_failed": number,"records_processed": number,"records_successful": number,"resume_after": string | null,"skipped": number,"started_at": string | null,"status": string,"sync_type": string,"total": number,"updated": number,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "completed_at"?: string | null,"created"?: number,"created_at"?: string,"error_details"?: Json | null,"id"?: string,"integration_id": string,"lease_expires_at"?: string | null,"lease_owner"?: string | null,"message"?: string | null,"options"?: NonNullable<Json>,"records_failed"?: number,"records_processed"?: number,"records_successful"?: number,"resume_after"?: string | null,"skipped"?: number,"started_at"?: string | null,"status"?: string,"sync_type": string,"total"?: number,"updated"?: number,"user_id": string
                  }
                  Update: {
                    "completed_at"?: string | null,"created"?: number,"created_at"?: string,"error_details"?: Json | null,"id"?: string,"integration_id"?: string,"lease_expires_at"?: string | null,"lease_owner"?: string | null,"message"?: string | null,"options"?: NonNullable<Json>,"records_failed"?: number,"records_processed"?: number,"records_successful"?: number,"resume_after"?: string | null,"skipped"?: number,"started_at"?: string | null,"status"?: string,"sync_type"?: string,"total"?: number,"updated"?: number,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "crm_sync_logs_integration_id_fkey"
      columns: ["integration_id"]
isOneToOne: false
      referencedRelation: "crm_integrations"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "crm_sync_logs_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"discovered_emails": {
                  Row: {
                    "discovered_at": string,"domain_id": number,"email": string,"external": boolean,"found_on": string,"id": number,"name": string | null,"phone": string | null,"position": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "discovered_at"?: string,"domain_id": number,"email": string,"external"?: boolean,"found_on": string,"id"?: never,"name"?: string | null,"phone"?: string | null,"position"?: string | null
                  }
                  Update: {
                    "discovered_at"?: string,"domain_id"?: number,"email"?: string,"external"?: boolean,"found_on"?: string,"id"?: never,"name"?: string | null,"phone"?: string | null,"position"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "discovered_emails_domain_id_fkey"
      columns: ["domain_id"]
isOneToOne: false
      referencedRelation: "scraped_domains"
      referencedColumns: ["id"]
    }
                  ]
                },"email_campaigns": {
                  Row: {
                    "click_count": number,"content": string,"created_at": string,"id": string,"is_active": boolean,"links": (string)[],"name": string,"open_count": number,"scheduled_for": string | null,"sent_at": string | null,"sent_count": number,"subject": string,"target_audience": string,"template_type": string,"unsubscribe_count": number,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "click_count"?: number,"content": string,"created_at"?: string,"id"?: string,"is_active"?: boolean,"links"?: (string)[],"name": string,"open_count"?: number,"scheduled_for"?: string | null,"sent_at"?: string | null,"sent_count"?: number,"subject": string,"target_audience"?: string,"template_type"?: string,"unsubscribe_count"?: number,"updated_at"?: string
                  }
                  Update: {
                    "click_count"?: number,"content"?: string,"created_at"?: string,"id"?: string,"is_active"?: boolean,"links"?: (string)[],"name"?: string,"open_count"?: number,"scheduled_for"?: string | null,"sent_at"?: string | null,"sent_count"?: number,"subject"?: string,"target_audience"?: string,"template_type"?: string,"unsubscribe_count"?: number,"updated_at"?: string
                  }
                  Relationships: [
                    
                  ]
                },"email_recipients": {
                  Row: {
                    "batch_no": number,"clicked_at": string | null,"created_at": string,"email": string,"email_campaign_id": string,"id": number,"opened_at": string | null,"sent_at": string | null,"status": string,"token": string,"unsubscribed_at": string | null,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "batch_no": number,"clicked_at"?: string | null,"created_at"?: string,"email": string,"email_campaign_id": string,"id"?: never,"opened_at"?: string | null,"sent_at"?: string | null,"status"?: string,"token"?: string,"unsubscribed_at"?: string | null,"user_id": string
                  }
                  Update: {
                    "batch_no"?: number,"clicked_at"?: string | null,"created_at"?: string,"email"?: string,"email_campaign_id"?: string,"id"?: never,"opened_at"?: string | null,"sent_at"?: string | null,"status"?: string,"token"?: string,"unsubscribed_at"?: string | null,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "email_recipients_email_campaign_id_fkey"
      columns: ["email_campaign_id"]
isOneToOne: false
      referencedRelation: "email_campaigns"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "email_recipients_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"email_suppressions": {
                  Row: {
                    "created_at": string,"email_campaign_id": string | null,"email_key": string,"reason": string,"user_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"email_campaign_id"?: string | null,"email_key": string,"reason"?: string,"user_id"?: string | null
                  }
                  Update: {
                    "created_at"?: string,"email_campaign_id"?: string | null,"email_key"?: string,"reason"?: string,"user_id"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "email_suppressions_email_campaign_id_fkey"
      columns: ["email_campaign_id"]
isOneToOne: false
      referencedRelation: "email_campaigns"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "email_suppressions_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"email_validations": {
                  Row: {
                    "cache_expires_at": string | null,"catch_all_confidence": number | null,"company": string | null,"deliverability_score": number,"disposable_provider": boolean,"domain": string | null,"domain_age": number | null,"email": string,"first_name": string | null,"first_validated_at": string,"format_valid": boolean,"free_provider": boolean,"has_website": boolean | null,"id": number,"is_catch_all": boolean,"is_valid": boolean,"job_title": string | null,"last_name": string | null,"last_validated_at": string,"message": string | null,"mobile_number": string | null,"mx_records": NonNullable<Json>,"mx_records_found": boolean,"phone_number": string | null,"reasons": (string)[],"risk_score": number,"role_account": boolean,"smtp_connectable": boolean | null,"smtp_deliverable": boolean | null,"suggestion": string | null,"validated_at": string,"validation_count": number,"verdict": string
                  }
                  ComputedFields: never
                  Insert: {
                    "cache_expires_at"?: string | null,"catch_all_confidence"?: number | null,"company"?: string | null,"deliverability_score"?: number,"disposable_provider"?: boolean,"domain"?: string | null,"domain_age"?: number | null,"email": string,"first_name"?: string | null,"first_validated_at"?: string,"format_valid": boolean,"free_provider"?: boolean,"has_website"?: boolean | null,"id"?: never,"is_catch_all"?: boolean,"is_valid": boolean,"job_title"?: string | null,"last_name"?: string | null,"last_validated_at"?: string,"message"?: string | null,"mobile_number"?: string | null,"mx_records"?: NonNullable<Json>,"mx_records_found"?: boolean,"phone_number"?: string | null,"reasons"?: (string)[],"risk_score"?: number,"role_account"?: boolean,"smtp_connectable"?: boolean | null,"smtp_deliverable"?: boolean | null,"suggestion"?: string | null,"validated_at"?: string,"validation_count"?: number,"verdict": string
                  }
                  Update: {
                    "cache_expires_at"?: string | null,"catch_all_confidence"?: number | null,"company"?: string | null,"deliverability_score"?: number,"disposable_provider"?: boolean,"domain"?: string | null,"domain_age"?: number | null,"email"?: string,"first_name"?: string | null,"first_validated_at"?: string,"format_valid"?: boolean,"free_provider"?: boolean,"has_website"?: boolean | null,"id"?: never,"is_catch_all"?: boolean,"is_valid"?: boolean,"job_title"?: string | null,"last_name"?: string | null,"last_validated_at"?: string,"message"?: string | null,"mobile_number"?: string | null,"mx_records"?: NonNullable<Json>,"mx_records_found"?: boolean,"phone_number"?: string | null,"reasons"?: (string)[],"risk_score"?: number,"role_account"?: boolean,"smtp_connectable"?: boolean | null,"smtp_deliverable"?: boolean | null,"suggestion"?: string | null,"validated_at"?: string,"validation_count"?: number,"verdict"?: string
                  }
                  Relationships: [
                    
                  ]
                },"help_articles": {
                  Row: {
                    "body": string,"id": number,"path": string,"search": unknown,"slug": string,"title": string
                  }
                  ComputedFields: never
                  Insert: {
                    "body": string,"id"?: never,"path": string,"search"?: never,"slug": string,"title": string
                  }
                  Update: {
                    "body"?: string,"id"?: never,"path"?: string,"search"?: never,"slug"?: string,"title"?: string
                  }
                  Relationships: [
                    
                  ]
                },"mail_domain_cache": {
                  Row: {
                    "created_at": string,"domain": string,"expires_at": string,"lookup": NonNullable<Json>,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"domain": string,"expires_at": string,"lookup": NonNullable<Json>,"updated_at"?: string
                  }
                  Update: {
                    "created_at"?: string,"domain"?: string,"expires_at"?: string,"lookup"?: NonNullable<Json>,"updated_at"?: string
                  }
                  Relationships: [
                    
                  ]
                },"mail_domain_catch_all": {
                  Row: {
                    "accepted": number,"checked_at": string,"domain": string,"expires_at": string,"samples": number
                  }
                  ComputedFields: never
                  Insert: {
                    "accepted": number,"checked_at"?: string,"domain": string,"expires_at": string,"samples": number
                  }
                  Update: {
                    "accepted"?: number,"checked_at"?: string,"domain"?: string,"expires_at"?: string,"samples"?: number
                  }
                  Relationships: [
                    
                  ]
                },"mailbox_probe_waiters": {
                  Row: {
                    "bulk_session_id": string | null,"created_at": string,"id": number,"probe_id": string,"user_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "bulk_session_id"?: string | null,"created_at"?: string,"id"?: never,"probe_id": string,"user_id"?: string | null
                  }
                  Update: {
                    "bulk_session_id"?: string | null,"created_at"?: string,"id"?: never,"probe_id"?: string,"user_id"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "mailbox_probe_waiters_bulk_session_id_fkey"
      columns: ["bulk_session_id"]
isOneToOne: false
      referencedRelation: "bulk_validation_sessions"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "mailbox_probe_waiters_probe_id_fkey"
      columns: ["probe_id"]
isOneToOne: false
      referencedRelation: "mailbox_probes"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "mailbox_probe_waiters_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"mailbox_probes": {
                  Row: {
                    "attempts": number,"created_at": string,"deadline": string,"dns_result": NonNullable<Json>,"domain": string,"done_at": string | null,"email": string,"email_key": string,"greylisted": boolean,"id": string,"lease_expires_at": string | null,"lease_owner": string | null,"mx_host": string | null,"not_before": string,"outcome": string | null,"result": Json | null,"status": string
                  }
                  ComputedFields: never
                  Insert: {
                    "attempts"?: number,"created_at"?: string,"deadline": string,"dns_result": NonNullable<Json>,"domain": string,"done_at"?: string | null,"email": string,"email_key": string,"greylisted"?: boolean,"id"?: string,"lease_expires_at"?: string | null,"lease_owner"?: string | null,"mx_host"?: string | null,"not_before"?: string,"outcome"?: string | null,"result"?: Json | null,"status"?: string
                  }
                  Update: {
                    "attempts"?: number,"created_at"?: string,"deadline"?: string,"dns_result"?: NonNullable<Json>,"domain"?: string,"done_at"?: string | null,"email"?: string,"email_key"?: string,"greylisted"?: boolean,"id"?: string,"lease_expires_at"?: string | null,"lease_owner"?: string | null,"mx_host"?: string | null,"not_before"?: string,"outcome"?: string | null,"result"?: Json | null,"status"?: string
                  }
                  Relationships: [
                    
                  ]
                },"marketing_campaigns": {
                  Row: {
                    "action_text": string,"action_url": string | null,"active_hours_end": string,"active_hours_start": string,"clicks": number,"content": string,"conversions": number,"created_at": string,"created_by": string | null,"days_between_shows": number,"email_campaign_id": string | null,"end_date": string | null,"id": string,"image_url": string | null,"impressions": number,"max_shows_per_user": number,"name": string,"priority": number,"push_notification_id": string | null,"revenue_cents": number,"show_after_action": string | null,"show_on_pages": (string)[],"start_date": string | null,"status": string,"subscription_types": (string)[],"timezone": string,"title": string,"type": string,"updated_at": string,"user_types": (string)[],"validation_threshold": number
                  }
                  ComputedFields: never
                  Insert: {
                    "action_text": string,"action_url"?: string | null,"active_hours_end"?: string,"active_hours_start"?: string,"clicks"?: number,"content": string,"conversions"?: number,"created_at"?: string,"created_by"?: string | null,"days_between_shows"?: number,"email_campaign_id"?: string | null,"end_date"?: string | null,"id"?: string,"image_url"?: string | null,"impressions"?: number,"max_shows_per_user"?: number,"name": string,"priority"?: number,"push_notification_id"?: string | null,"revenue_cents"?: number,"show_after_action"?: string | null,"show_on_pages"?: (string)[],"start_date"?: string | null,"status"?: string,"subscription_types"?: (string)[],"timezone"?: string,"title": string,"type"?: string,"updated_at"?: string,"user_types"?: (string)[],"validation_threshold"?: number
                  }
                  Update: {
                    "action_text"?: string,"action_url"?: string | null,"active_hours_end"?: string,"active_hours_start"?: string,"clicks"?: number,"content"?: string,"conversions"?: number,"created_at"?: string,"created_by"?: string | null,"days_between_shows"?: number,"email_campaign_id"?: string | null,"end_date"?: string | null,"id"?: string,"image_url"?: string | null,"impressions"?: number,"max_shows_per_user"?: number,"name"?: string,"priority"?: number,"push_notification_id"?: string | null,"revenue_cents"?: number,"show_after_action"?: string | null,"show_on_pages"?: (string)[],"start_date"?: string | null,"status"?: string,"subscription_types"?: (string)[],"timezone"?: string,"title"?: string,"type"?: string,"updated_at"?: string,"user_types"?: (string)[],"validation_threshold"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "marketing_campaigns_created_by_fkey"
      columns: ["created_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "marketing_campaigns_email_campaign_id_fkey"
      columns: ["email_campaign_id"]
isOneToOne: false
      referencedRelation: "email_campaigns"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "marketing_campaigns_push_notification_id_fkey"
      columns: ["push_notification_id"]
isOneToOne: false
      referencedRelation: "push_notifications"
      referencedColumns: ["id"]
    }
                  ]
                },"master_contact_sources": {
                  Row: {
                    "contributed_data": NonNullable<Json>,"id": number,"master_contact_id": number,"uploaded_at": string,"user_contact_id": number,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "contributed_data": NonNullable<Json>,"id"?: never,"master_contact_id": number,"uploaded_at"?: string,"user_contact_id": number,"user_id": string
                  }
                  Update: {
                    "contributed_data"?: NonNullable<Json>,"id"?: never,"master_contact_id"?: number,"uploaded_at"?: string,"user_contact_id"?: number,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "master_contact_sources_master_contact_id_fkey"
      columns: ["master_contact_id"]
isOneToOne: false
      referencedRelation: "master_contacts"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "master_contact_sources_user_contact_id_fkey"
      columns: ["user_contact_id"]
isOneToOne: true
      referencedRelation: "saved_contacts"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "master_contact_sources_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"master_contacts": {
                  Row: {
                    "aggregated_notes": string | null,"best_known_company": string | null,"best_known_first_name": string | null,"best_known_last_name": string | null,"best_known_phone": string | null,"best_known_position": string | null,"confidence": number,"current_validation_status": boolean | null,"domain": string,"email": string,"first_discovered_at": string,"id": number,"is_verified": boolean,"last_updated_at": string,"last_validation_check": string | null,"validation_message": string | null,"verification_source": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "aggregated_notes"?: string | null,"best_known_company"?: string | null,"best_known_first_name"?: string | null,"best_known_last_name"?: string | null,"best_known_phone"?: string | null,"best_known_position"?: string | null,"confidence"?: number,"current_validation_status"?: boolean | null,"domain": string,"email": string,"first_discovered_at"?: string,"id"?: never,"is_verified"?: boolean,"last_updated_at"?: string,"last_validation_check"?: string | null,"validation_message"?: string | null,"verification_source"?: string | null
                  }
                  Update: {
                    "aggregated_notes"?: string | null,"best_known_company"?: string | null,"best_known_first_name"?: string | null,"best_known_last_name"?: string | null,"best_known_phone"?: string | null,"best_known_position"?: string | null,"confidence"?: number,"current_validation_status"?: boolean | null,"domain"?: string,"email"?: string,"first_discovered_at"?: string,"id"?: never,"is_verified"?: boolean,"last_updated_at"?: string,"last_validation_check"?: string | null,"validation_message"?: string | null,"verification_source"?: string | null
                  }
                  Relationships: [
                    
                  ]
                },"payment_config": {
                  Row: {
                    "created_at": string,"credential_hints": NonNullable<Json>,"credentials_sealed": string,"id": number,"is_active": boolean,"provider": string,"updated_at": string,"updated_by": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"credential_hints"?: NonNullable<Json>,"credentials_sealed": string,"id"?: never,"is_active"?: boolean,"provider": string,"updated_at"?: string,"updated_by"?: string | null
                  }
                  Update: {
                    "created_at"?: string,"credential_hints"?: NonNullable<Json>,"credentials_sealed"?: string,"id"?: never,"is_active"?: boolean,"provider"?: string,"updated_at"?: string,"updated_by"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "payment_config_updated_by_fkey"
      columns: ["updated_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"payments": {
                  Row: {
                    "amount_cents": number,"created_at": string,"credits_clawed_back": number,"credits_granted": number,"discount_cents": number,"discount_code": string | null,"id": string,"item_id": string | null,"kind": string,"paid_at": string | null,"payment_method": string,"provider_reference": string | null,"refund_request_reason": string | null,"refund_requested_at": string | null,"refunded_at": string | null,"rejection_reason": string | null,"status": string,"subscription_id": string | null,"user_id": string | null,"venmo_transaction_id": string | null,"verified_at": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "amount_cents": number,"created_at"?: string,"credits_clawed_back"?: number,"credits_granted"?: number,"discount_cents"?: number,"discount_code"?: string | null,"id"?: string,"item_id"?: string | null,"kind"?: string,"paid_at"?: string | null,"payment_method"?: string,"provider_reference"?: string | null,"refund_request_reason"?: string | null,"refund_requested_at"?: string | null,"refunded_at"?: string | null,"rejection_reason"?: string | null,"status"?: string,"subscription_id"?: string | null,"user_id"?: string | null,"venmo_transaction_id"?: string | null,"verified_at"?: string | null
                  }
                  Update: {
                    "amount_cents"?: number,"created_at"?: string,"credits_clawed_back"?: number,"credits_granted"?: number,"discount_cents"?: number,"discount_code"?: string | null,"id"?: string,"item_id"?: string | null,"kind"?: string,"paid_at"?: string | null,"payment_method"?: string,"provider_reference"?: string | null,"refund_request_reason"?: string | null,"refund_requested_at"?: string | null,"refunded_at"?: string | null,"rejection_reason"?: string | null,"status"?: string,"subscription_id"?: string | null,"user_id"?: string | null,"venmo_transaction_id"?: string | null,"verified_at"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "payments_subscription_id_fkey"
      columns: ["subscription_id"]
isOneToOne: false
      referencedRelation: "subscriptions"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "payments_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"popup_campaigns": {
                  Row: {
                    "background_color": string,"button_text": string,"button_url": string | null,"click_count": number,"content": string,"conversion_count": number,"created_at": string,"dismiss_count": number,"display_frequency": string,"id": string,"is_active": boolean,"revenue_cents": number,"show_count": number,"target_audience": string,"text_color": string,"title": string,"trigger_type": string,"trigger_value": number,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "background_color"?: string,"button_text"?: string,"button_url"?: string | null,"click_count"?: number,"content": string,"conversion_count"?: number,"created_at"?: string,"dismiss_count"?: number,"display_frequency"?: string,"id"?: string,"is_active"?: boolean,"revenue_cents"?: number,"show_count"?: number,"target_audience"?: string,"text_color"?: string,"title": string,"trigger_type"?: string,"trigger_value"?: number,"updated_at"?: string
                  }
                  Update: {
                    "background_color"?: string,"button_text"?: string,"button_url"?: string | null,"click_count"?: number,"content"?: string,"conversion_count"?: number,"created_at"?: string,"dismiss_count"?: number,"display_frequency"?: string,"id"?: string,"is_active"?: boolean,"revenue_cents"?: number,"show_count"?: number,"target_audience"?: string,"text_color"?: string,"title"?: string,"trigger_type"?: string,"trigger_value"?: number,"updated_at"?: string
                  }
                  Relationships: [
                    
                  ]
                },"probe_workers": {
                  Row: {
                    "id": string,"last_seen_at": string,"name": string,"started_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "id": string,"last_seen_at"?: string,"name": string,"started_at"?: string
                  }
                  Update: {
                    "id"?: string,"last_seen_at"?: string,"name"?: string,"started_at"?: string
                  }
                  Relationships: [
                    
                  ]
                },"profiles": {
                  Row: {
                    "admin_granted_credits": number,"allowance_period_start": string | null,"created_at": string,"current_throttle_level": number,"email": string | null,"first_name": string | null,"free_validations_used": number,"grant_reason": string | null,"granted_at": string | null,"granted_by": string | null,"id": string,"is_admin": boolean,"last_activity_at": string | null,"last_name": string | null,"last_payment_date": string | null,"max_requests_per_minute": number,"paid_credits": number,"plan_units_used": number,"profile_image_url": string | null,"requests_this_minute": number,"subscription_status": string,"suspended_until": string | null,"suspension_reason": string | null,"throttle_enabled": boolean,"total_validations_ever": number,"trial_bulk_validations_used": number,"trial_domain_scrapes_used": number,"trial_expires_at": string | null,"trial_plan": string | null,"trial_single_validations_used": number,"trial_started_at": string | null,"trial_status": string,"updated_at": string,"username": string
                  }
                  ComputedFields: never
                  Insert: {
                    "admin_granted_credits"?: number,"allowance_period_start"?: string | null,"created_at"?: string,"current_throttle_level"?: number,"email"?: string | null,"first_name"?: string | null,"free_validations_used"?: number,"grant_reason"?: string | null,"granted_at"?: string | null,"granted_by"?: string | null,"id": string,"is_admin"?: boolean,"last_activity_at"?: string | null,"last_name"?: string | null,"last_payment_date"?: string | null,"max_requests_per_minute"?: number,"paid_credits"?: number,"plan_units_used"?: number,"profile_image_url"?: string | null,"requests_this_minute"?: number,"subscription_status"?: string,"suspended_until"?: string | null,"suspension_reason"?: string | null,"throttle_enabled"?: boolean,"total_validations_ever"?: number,"trial_bulk_validations_used"?: number,"trial_domain_scrapes_used"?: number,"trial_expires_at"?: string | null,"trial_plan"?: string | null,"trial_single_validations_used"?: number,"trial_started_at"?: string | null,"trial_status"?: string,"updated_at"?: string,"username": string
                  }
                  Update: {
                    "admin_granted_credits"?: number,"allowance_period_start"?: string | null,"created_at"?: string,"current_throttle_level"?: number,"email"?: string | null,"first_name"?: string | null,"free_validations_used"?: number,"grant_reason"?: string | null,"granted_at"?: string | null,"granted_by"?: string | null,"id"?: string,"is_admin"?: boolean,"last_activity_at"?: string | null,"last_name"?: string | null,"last_payment_date"?: string | null,"max_requests_per_minute"?: number,"paid_credits"?: number,"plan_units_used"?: number,"profile_image_url"?: string | null,"requests_this_minute"?: number,"subscription_status"?: string,"suspended_until"?: string | null,"suspension_reason"?: string | null,"throttle_enabled"?: boolean,"total_validations_ever"?: number,"trial_bulk_validations_used"?: number,"trial_domain_scrapes_used"?: number,"trial_expires_at"?: string | null,"trial_plan"?: string | null,"trial_single_validations_used"?: number,"trial_started_at"?: string | null,"trial_status"?: string,"updated_at"?: string,"username"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "profiles_granted_by_fkey"
      columns: ["granted_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"push_notifications": {
                  Row: {
                    "action_url": string | null,"click_count": number,"created_at": string,"delivered_count": number,"icon": string | null,"id": string,"is_active": boolean,"message": string,"scheduled_for": string | null,"sent_at": string | null,"target_audience": string,"title": string,"updated_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "action_url"?: string | null,"click_count"?: number,"created_at"?: string,"delivered_count"?: number,"icon"?: string | null,"id"?: string,"is_active"?: boolean,"message": string,"scheduled_for"?: string | null,"sent_at"?: string | null,"target_audience"?: string,"title": string,"updated_at"?: string
                  }
                  Update: {
                    "action_url"?: string | null,"click_count"?: number,"created_at"?: string,"delivered_count"?: number,"icon"?: string | null,"id"?: string,"is_active"?: boolean,"message"?: string,"scheduled_for"?: string | null,"sent_at"?: string | null,"target_audience"?: string,"title"?: string,"updated_at"?: string
                  }
                  Relationships: [
                    
                  ]
                },"push_subscriptions": {
                  Row: {
                    "auth": string,"created_at": string,"endpoint": string,"failed_at": string | null,"id": string,"last_success_at": string | null,"p256dh": string,"user_agent": string | null,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "auth": string,"created_at"?: string,"endpoint": string,"failed_at"?: string | null,"id"?: string,"last_success_at"?: string | null,"p256dh": string,"user_agent"?: string | null,"user_id"?: string
                  }
                  Update: {
                    "auth"?: string,"created_at"?: string,"endpoint"?: string,"failed_at"?: string | null,"id"?: string,"last_success_at"?: string | null,"p256dh"?: string,"user_agent"?: string | null,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "push_subscriptions_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"saved_contacts": {
                  Row: {
                    "company": string | null,"created_at": string,"domain": string,"email": string,"email_key": string,"first_name": string | null,"id": number,"last_name": string | null,"list_id": number,"notes": string | null,"phone": string | null,"position": string | null,"search_text": string,"source": string,"source_url": string | null,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "company"?: string | null,"created_at"?: string,"domain": string,"email": string,"email_key"?: never,"first_name"?: string | null,"id"?: never,"last_name"?: string | null,"list_id": number,"notes"?: string | null,"phone"?: string | null,"position"?: string | null,"search_text"?: never,"source": string,"source_url"?: string | null,"updated_at"?: string,"user_id"?: string
                  }
                  Update: {
                    "company"?: string | null,"created_at"?: string,"domain"?: string,"email"?: string,"email_key"?: never,"first_name"?: string | null,"id"?: never,"last_name"?: string | null,"list_id"?: number,"notes"?: string | null,"phone"?: string | null,"position"?: string | null,"search_text"?: never,"source"?: string,"source_url"?: string | null,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "saved_contacts_list_fkey"
      columns: ["list_id","user_id"]
isOneToOne: false
      referencedRelation: "contact_lists"
      referencedColumns: ["id","user_id"]
    },{
      foreignKeyName: "saved_contacts_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"scraped_domains": {
                  Row: {
                    "detected_technologies": NonNullable<Json>,"domain": string,"domain_info": NonNullable<Json>,"id": number,"pages_visited": (string)[],"partial": boolean,"scraped_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "detected_technologies": NonNullable<Json>,"domain": string,"domain_info": NonNullable<Json>,"id"?: never,"pages_visited"?: (string)[],"partial"?: boolean,"scraped_at"?: string
                  }
                  Update: {
                    "detected_technologies"?: NonNullable<Json>,"domain"?: string,"domain_info"?: NonNullable<Json>,"id"?: never,"pages_visited"?: (string)[],"partial"?: boolean,"scraped_at"?: string
                  }
                  Relationships: [
                    
                  ]
                },"seo_content_templates": {
                  Row: {
                    "content_template": string,"created_at": string,"h1_template": string,"id": string,"is_active": boolean,"meta_template": string,"page_type": string,"schema_template": NonNullable<Json>,"template_name": string,"title_template": string,"updated_at": string,"variables": NonNullable<Json>
                  }
                  ComputedFields: never
                  Insert: {
                    "content_template": string,"created_at"?: string,"h1_template": string,"id"?: string,"is_active"?: boolean,"meta_template": string,"page_type": string,"schema_template"?: NonNullable<Json>,"template_name": string,"title_template": string,"updated_at"?: string,"variables"?: NonNullable<Json>
                  }
                  Update: {
                    "content_template"?: string,"created_at"?: string,"h1_template"?: string,"id"?: string,"is_active"?: boolean,"meta_template"?: string,"page_type"?: string,"schema_template"?: NonNullable<Json>,"template_name"?: string,"title_template"?: string,"updated_at"?: string,"variables"?: NonNullable<Json>
                  }
                  Relationships: [
                    
                  ]
                },"seo_keyword_targets": {
                  Row: {
                    "cpc": number,"created_at": string,"difficulty": number,"entity": string | null,"generated_at": string | null,"id": string,"intent": string,"is_generated": boolean,"keyword": string,"keyword_key": string | null,"page_id": string | null,"page_type": string,"priority": number,"search_volume": number,"skip_reason": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "cpc"?: number,"created_at"?: string,"difficulty"?: number,"entity"?: string | null,"generated_at"?: string | null,"id"?: string,"intent"?: string,"is_generated"?: boolean,"keyword": string,"keyword_key"?: never,"page_id"?: string | null,"page_type": string,"priority"?: number,"search_volume"?: number,"skip_reason"?: string | null
                  }
                  Update: {
                    "cpc"?: number,"created_at"?: string,"difficulty"?: number,"entity"?: string | null,"generated_at"?: string | null,"id"?: string,"intent"?: string,"is_generated"?: boolean,"keyword"?: string,"keyword_key"?: never,"page_id"?: string | null,"page_type"?: string,"priority"?: number,"search_volume"?: number,"skip_reason"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "seo_keyword_targets_page_id_fkey"
      columns: ["page_id"]
isOneToOne: false
      referencedRelation: "seo_landing_pages"
      referencedColumns: ["id"]
    }
                  ]
                },"seo_landing_pages": {
                  Row: {
                    "change_freq": string,"content": string,"content_hash": string,"conversions": number,"created_at": string,"entity_domain": string,"h1": string,"id": string,"is_indexable": boolean,"keyword_target_id": string | null,"last_updated": string,"meta_description": string,"page_type": string,"priority": number,"refreshed_at": string,"removed_at": string | null,"schema_markup": NonNullable<Json>,"slug": string,"target_entity": string,"target_keyword": string,"template_id": string | null,"title": string,"variables": NonNullable<Json>,"views": number
                  }
                  ComputedFields: never
                  Insert: {
                    "change_freq"?: string,"content": string,"content_hash"?: string,"conversions"?: number,"created_at"?: string,"entity_domain": string,"h1": string,"id"?: string,"is_indexable"?: boolean,"keyword_target_id"?: string | null,"last_updated"?: string,"meta_description": string,"page_type": string,"priority"?: number,"refreshed_at"?: string,"removed_at"?: string | null,"schema_markup"?: NonNullable<Json>,"slug": string,"target_entity": string,"target_keyword": string,"template_id"?: string | null,"title": string,"variables"?: NonNullable<Json>,"views"?: number
                  }
                  Update: {
                    "change_freq"?: string,"content"?: string,"content_hash"?: string,"conversions"?: number,"created_at"?: string,"entity_domain"?: string,"h1"?: string,"id"?: string,"is_indexable"?: boolean,"keyword_target_id"?: string | null,"last_updated"?: string,"meta_description"?: string,"page_type"?: string,"priority"?: number,"refreshed_at"?: string,"removed_at"?: string | null,"schema_markup"?: NonNullable<Json>,"slug"?: string,"target_entity"?: string,"target_keyword"?: string,"template_id"?: string | null,"title"?: string,"variables"?: NonNullable<Json>,"views"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "seo_landing_pages_keyword_target_id_fkey"
      columns: ["keyword_target_id"]
isOneToOne: false
      referencedRelation: "seo_keyword_targets"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "seo_landing_pages_template_id_fkey"
      columns: ["template_id"]
isOneToOne: false
      referencedRelation: "seo_content_templates"
      referencedColumns: ["id"]
    }
                  ]
                },"seo_metrics": {
                  Row: {
                    "avg_position": number | null,"bounce_rate": number | null,"clicks": number | null,"conversion_rate": number | null,"conversions": number,"ctr": number | null,"date": string,"id": string,"impressions": number | null,"page_id": string,"time_on_page": number | null,"views": number
                  }
                  ComputedFields: never
                  Insert: {
                    "avg_position"?: number | null,"bounce_rate"?: number | null,"clicks"?: number | null,"conversion_rate"?: number | null,"conversions"?: number,"ctr"?: number | null,"date": string,"id"?: string,"impressions"?: number | null,"page_id": string,"time_on_page"?: number | null,"views"?: number
                  }
                  Update: {
                    "avg_position"?: number | null,"bounce_rate"?: number | null,"clicks"?: number | null,"conversion_rate"?: number | null,"conversions"?: number,"ctr"?: number | null,"date"?: string,"id"?: string,"impressions"?: number | null,"page_id"?: string,"time_on_page"?: number | null,"views"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "seo_metrics_page_id_fkey"
      columns: ["page_id"]
isOneToOne: false
      referencedRelation: "seo_landing_pages"
      referencedColumns: ["id"]
    }
                  ]
                },"seo_page_visits": {
                  Row: {
                    "created_at": string,"day": string,"kind": string,"page_id": string,"visitor_hash": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"day": string,"kind": string,"page_id": string,"visitor_hash": string
                  }
                  Update: {
                    "created_at"?: string,"day"?: string,"kind"?: string,"page_id"?: string,"visitor_hash"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "seo_page_visits_page_id_fkey"
      columns: ["page_id"]
isOneToOne: false
      referencedRelation: "seo_landing_pages"
      referencedColumns: ["id"]
    }
                  ]
                },"seo_removal_requests": {
                  Row: {
                    "client_network": string | null,"created_at": string,"decided_at": string | null,"decided_by": string | null,"email": string,"id": string,"page_id": string | null,"reason": string,"status": string,"token_expires_at": string | null,"token_hash": string | null,"url": string
                  }
                  ComputedFields: never
                  Insert: {
                    "client_network"?: string | null,"created_at"?: string,"decided_at"?: string | null,"decided_by"?: string | null,"email": string,"id"?: string,"page_id"?: string | null,"reason": string,"status": string,"token_expires_at"?: string | null,"token_hash"?: string | null,"url": string
                  }
                  Update: {
                    "client_network"?: string | null,"created_at"?: string,"decided_at"?: string | null,"decided_by"?: string | null,"email"?: string,"id"?: string,"page_id"?: string | null,"reason"?: string,"status"?: string,"token_expires_at"?: string | null,"token_hash"?: string | null,"url"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "seo_removal_requests_decided_by_fkey"
      columns: ["decided_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "seo_removal_requests_page_id_fkey"
      columns: ["page_id"]
isOneToOne: false
      referencedRelation: "seo_landing_pages"
      referencedColumns: ["id"]
    }
                  ]
                },"seo_suppressions": {
                  Row: {
                    "created_at": string,"created_by": string | null,"id": string,"kind": string,"reason": string | null,"removal_request_id": string | null,"value": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"created_by"?: string | null,"id"?: string,"kind": string,"reason"?: string | null,"removal_request_id"?: string | null,"value": string
                  }
                  Update: {
                    "created_at"?: string,"created_by"?: string | null,"id"?: string,"kind"?: string,"reason"?: string | null,"removal_request_id"?: string | null,"value"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "seo_suppressions_created_by_fkey"
      columns: ["created_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "seo_suppressions_removal_request_id_fkey"
      columns: ["removal_request_id"]
isOneToOne: false
      referencedRelation: "seo_removal_requests"
      referencedColumns: ["id"]
    }
                  ]
                },"smtp_host_slots": {
                  Row: {
                    "host": string,"lease_expires_at": string,"lease_owner": string,"slot": number
                  }
                  ComputedFields: never
                  Insert: {
                    "host": string,"lease_expires_at": string,"lease_owner": string,"slot": number
                  }
                  Update: {
                    "host"?: string,"lease_expires_at"?: string,"lease_owner"?: string,"slot"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "smtp_host_slots_host_fkey"
      columns: ["host"]
isOneToOne: false
      referencedRelation: "smtp_hosts"
      referencedColumns: ["host"]
    }
                  ]
                },"smtp_hosts": {
                  Row: {
                    "host": string,"last_connect_at": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "host": string,"last_connect_at"?: string | null
                  }
                  Update: {
                    "host"?: string,"last_connect_at"?: string | null
                  }
                  Relationships: [
                    
                  ]
                },"subscriptions": {
                  Row: {
                    "allowance_anchor": string,"billing_interval": string,"cancel_at_period_end": boolean,"created_at": string,"current_period_end": string | null,"ended_at": string | null,"id": string,"past_due_since": string | null,"plan": string,"provider": string,"provider_customer_id": string | null,"provider_subscription_id": string,"started_at": string,"status": string,"updated_at": string,"user_id": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "allowance_anchor"?: string,"billing_interval": string,"cancel_at_period_end"?: boolean,"created_at"?: string,"current_period_end"?: string | null,"ended_at"?: string | null,"id"?: string,"past_due_since"?: string | null,"plan": string,"provider"?: string,"provider_customer_id"?: string | null,"provider_subscription_id": string,"started_at"?: string,"status"?: string,"updated_at"?: string,"user_id"?: string | null
                  }
                  Update: {
                    "allowance_anchor"?: string,"billing_interval"?: string,"cancel_at_period_end"?: boolean,"created_at"?: string,"current_period_end"?: string | null,"ended_at"?: string | null,"id"?: string,"past_due_since"?: string | null,"plan"?: string,"provider"?: string,"provider_customer_id"?: string | null,"provider_subscription_id"?: string,"started_at"?: string,"status"?: string,"updated_at"?: string,"user_id"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "subscriptions_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"support_email_notices": {
                  Row: {
                    "last_sent_at": string,"recipient_id": string,"ticket_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "last_sent_at": string,"recipient_id": string,"ticket_id": string
                  }
                  Update: {
                    "last_sent_at"?: string,"recipient_id"?: string,"ticket_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "support_email_notices_recipient_id_fkey"
      columns: ["recipient_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "support_email_notices_ticket_id_fkey"
      columns: ["ticket_id"]
isOneToOne: false
      referencedRelation: "support_tickets"
      referencedColumns: ["id"]
    }
                  ]
                },"support_tickets": {
                  Row: {
                    "admin_response": string | null,"ai_response": string | null,"assigned_to": string | null,"category": string,"created_at": string,"description": string,"id": string,"last_activity_at": string,"priority": string,"resolved_at": string | null,"status": string,"subject": string,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "admin_response"?: string | null,"ai_response"?: string | null,"assigned_to"?: string | null,"category"?: string,"created_at"?: string,"description": string,"id"?: string,"last_activity_at"?: string,"priority"?: string,"resolved_at"?: string | null,"status"?: string,"subject": string,"updated_at"?: string,"user_id": string
                  }
                  Update: {
                    "admin_response"?: string | null,"ai_response"?: string | null,"assigned_to"?: string | null,"category"?: string,"created_at"?: string,"description"?: string,"id"?: string,"last_activity_at"?: string,"priority"?: string,"resolved_at"?: string | null,"status"?: string,"subject"?: string,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "support_tickets_assigned_to_fkey"
      columns: ["assigned_to"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "support_tickets_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"system_popups": {
                  Row: {
                    "button_text": string,"button_url": string,"content": string,"created_at": string,"features": NonNullable<Json>,"id": number,"is_active": boolean,"popup_type": string,"pricing": NonNullable<Json>,"title": string,"updated_at": string,"updated_by": string | null
                  }
                  ComputedFields: never
                  Insert: {
                    "button_text"?: string,"button_url"?: string,"content"?: string,"created_at"?: string,"features": NonNullable<Json>,"id"?: never,"is_active"?: boolean,"popup_type": string,"pricing"?: NonNullable<Json>,"title": string,"updated_at"?: string,"updated_by"?: string | null
                  }
                  Update: {
                    "button_text"?: string,"button_url"?: string,"content"?: string,"created_at"?: string,"features"?: NonNullable<Json>,"id"?: never,"is_active"?: boolean,"popup_type"?: string,"pricing"?: NonNullable<Json>,"title"?: string,"updated_at"?: string,"updated_by"?: string | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "system_popups_updated_by_fkey"
      columns: ["updated_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"ticket_messages": {
                  Row: {
                    "created_at": string,"hidden_at": string | null,"hidden_by": string | null,"id": number,"message": string,"sender_id": string | null,"sender_name": string | null,"sender_type": string,"ticket_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"hidden_at"?: string | null,"hidden_by"?: string | null,"id"?: never,"message": string,"sender_id"?: string | null,"sender_name"?: string | null,"sender_type": string,"ticket_id": string
                  }
                  Update: {
                    "created_at"?: string,"hidden_at"?: string | null,"hidden_by"?: string | null,"id"?: never,"message"?: string,"sender_id"?: string | null,"sender_name"?: string | null,"sender_type"?: string,"ticket_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "ticket_messages_hidden_by_fkey"
      columns: ["hidden_by"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "ticket_messages_sender_id_fkey"
      columns: ["sender_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "ticket_messages_ticket_id_fkey"
      columns: ["ticket_id"]
isOneToOne: false
      referencedRelation: "support_tickets"
      referencedColumns: ["id"]
    }
                  ]
                },"ticket_reads": {
                  Row: {
                    "last_read_message_id": number,"ticket_id": string,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "last_read_message_id": number,"ticket_id": string,"updated_at"?: string,"user_id": string
                  }
                  Update: {
                    "last_read_message_id"?: number,"ticket_id"?: string,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "ticket_reads_message_of_ticket"
      columns: ["ticket_id","last_read_message_id"]
isOneToOne: false
      referencedRelation: "ticket_messages"
      referencedColumns: ["ticket_id","id"]
    },{
      foreignKeyName: "ticket_reads_ticket_id_fkey"
      columns: ["ticket_id"]
isOneToOne: false
      referencedRelation: "support_tickets"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "ticket_reads_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"usage_ledger": {
                  Row: {
                    "created_at": string,"grant_id": number | null,"id": number,"period_start": string | null,"reference": string | null,"source": string,"units": number,"user_id": string,"work": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"grant_id"?: number | null,"id"?: never,"period_start"?: string | null,"reference"?: string | null,"source": string,"units": number,"user_id": string,"work": string
                  }
                  Update: {
                    "created_at"?: string,"grant_id"?: number | null,"id"?: never,"period_start"?: string | null,"reference"?: string | null,"source"?: string,"units"?: number,"user_id"?: string,"work"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "usage_ledger_grant_id_fkey"
      columns: ["grant_id"]
isOneToOne: false
      referencedRelation: "credit_grants"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "usage_ledger_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"user_notifications": {
                  Row: {
                    "body": string,"created_at": string,"delivered_at": string | null,"icon": string | null,"id": string,"push_notification_id": string | null,"read_at": string | null,"title": string,"url": string | null,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "body": string,"created_at"?: string,"delivered_at"?: string | null,"icon"?: string | null,"id"?: string,"push_notification_id"?: string | null,"read_at"?: string | null,"title": string,"url"?: string | null,"user_id": string
                  }
                  Update: {
                    "body"?: string,"created_at"?: string,"delivered_at"?: string | null,"icon"?: string | null,"id"?: string,"push_notification_id"?: string | null,"read_at"?: string | null,"title"?: string,"url"?: string | null,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "user_notifications_push_notification_id_fkey"
      columns: ["push_notification_id"]
isOneToOne: false
      referencedRelation: "push_notifications"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "user_notifications_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"validation_logs": {
                  Row: {
                    "created_at": string,"domain": string | null,"emails_processed": number,"id": number,"invalid_emails": number,"session_id": string | null,"user_id": string | null,"valid_emails": number,"validation_type": string,"warning_emails": number
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"domain"?: string | null,"emails_processed"?: number,"id"?: never,"invalid_emails"?: number,"session_id"?: string | null,"user_id"?: string | null,"valid_emails"?: number,"validation_type": string,"warning_emails"?: number
                  }
                  Update: {
                    "created_at"?: string,"domain"?: string | null,"emails_processed"?: number,"id"?: never,"invalid_emails"?: number,"session_id"?: string | null,"user_id"?: string | null,"valid_emails"?: number,"validation_type"?: string,"warning_emails"?: number
                  }
                  Relationships: [
                    {
      foreignKeyName: "validation_logs_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"webhook_deliveries": {
                  Row: {
                    "attempts": number,"created_at": string,"delivered_at": string | null,"event": string,"id": string,"last_error": string | null,"last_status_code": number | null,"lease_expires_at": string | null,"lease_owner": string | null,"next_attempt_at": string | null,"payload": NonNullable<Json>,"session_id": string,"status": string,"updated_at": string,"url": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "attempts"?: number,"created_at"?: string,"delivered_at"?: string | null,"event": string,"id"?: string,"last_error"?: string | null,"last_status_code"?: number | null,"lease_expires_at"?: string | null,"lease_owner"?: string | null,"next_attempt_at"?: string | null,"payload": NonNullable<Json>,"session_id": string,"status"?: string,"updated_at"?: string,"url": string,"user_id": string
                  }
                  Update: {
                    "attempts"?: number,"created_at"?: string,"delivered_at"?: string | null,"event"?: string,"id"?: string,"last_error"?: string | null,"last_status_code"?: number | null,"lease_expires_at"?: string | null,"lease_owner"?: string | null,"next_attempt_at"?: string | null,"payload"?: NonNullable<Json>,"session_id"?: string,"status"?: string,"updated_at"?: string,"url"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "webhook_deliveries_session_id_fkey"
      columns: ["session_id"]
isOneToOne: false
      referencedRelation: "bulk_validation_sessions"
      referencedColumns: ["id"]
    },{
      foreignKeyName: "webhook_deliveries_user_id_fkey"
      columns: ["user_id"]
isOneToOne: false
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                },"webhook_delivery_attempts": {
                  Row: {
                    "at": string,"attempt": number,"delivery_id": string,"duration_ms": number,"error": string | null,"status_code": number | null
                  }
                  ComputedFields: never
                  Insert: {
                    "at"?: string,"attempt": number,"delivery_id": string,"duration_ms": number,"error"?: string | null,"status_code"?: number | null
                  }
                  Update: {
                    "at"?: string,"attempt"?: number,"delivery_id"?: string,"duration_ms"?: number,"error"?: string | null,"status_code"?: number | null
                  }
                  Relationships: [
                    {
      foreignKeyName: "webhook_delivery_attempts_delivery_id_fkey"
      columns: ["delivery_id"]
isOneToOne: false
      referencedRelation: "webhook_deliveries"
      referencedColumns: ["id"]
    }
                  ]
                },"webhook_secrets": {
                  Row: {
                    "created_at": string,"secret_sealed": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"secret_sealed": string,"user_id": string
                  }
                  Update: {
                    "created_at"?: string,"secret_sealed"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "webhook_secrets_user_id_fkey"
      columns: ["user_id"]
isOneToOne: true
      referencedRelation: "profiles"
      referencedColumns: ["id"]
    }
                  ]
                }
          }
          Views: {
            [_ in never]: never
          }
          Functions: {
            "crm_sync_stats":
{ Args: { "p_user_id"?: string }; Returns: {
              "contacts_created": number,"contacts_skipped": number,"contacts_updated": number,"failed_syncs": number,"successful_syncs": number,"total_syncs": number
            }[]
                           },
"delete_contact_list":
{ Args: { "list_id": number }; Returns: number
                           },
"email_key":
{ Args: { "email": string }; Returns: string
                           }
          }
          Enums: {
            [_ in never]: never
          }
          CompositeTypes: {
            [_ in never]: never
          }
        }
}

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
  ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
      Row: infer R
    }
    ? R
    : never
  : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Insert: infer I
    }
    ? I
    : never
  : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Update: infer U
    }
    ? U
    : never
  : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
  ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
  : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
  ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
  : never

export const Constants = {
  "public": {
          Enums: {
            
          }
        }
} as const
