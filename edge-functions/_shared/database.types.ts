
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  
  "public": {
          Tables: {
            "profiles": {
                  Row: {
                    "admin_granted_credits": number,"created_at": string,"current_throttle_level": number,"email": string | null,"first_name": string | null,"free_validations_used": number,"grant_reason": string | null,"granted_at": string | null,"granted_by": string | null,"id": string,"is_admin": boolean,"last_activity_at": string | null,"last_name": string | null,"last_payment_date": string | null,"max_requests_per_minute": number,"paid_credits": number,"profile_image_url": string | null,"requests_this_minute": number,"subscription_status": string,"suspended_until": string | null,"suspension_reason": string | null,"throttle_enabled": boolean,"total_validations_ever": number,"trial_bulk_validations_used": number,"trial_domain_scrapes_used": number,"trial_expires_at": string | null,"trial_plan": string | null,"trial_single_validations_used": number,"trial_started_at": string | null,"trial_status": string,"updated_at": string,"username": string
                  }
                  ComputedFields: never
                  Insert: {
                    "admin_granted_credits"?: number,"created_at"?: string,"current_throttle_level"?: number,"email"?: string | null,"first_name"?: string | null,"free_validations_used"?: number,"grant_reason"?: string | null,"granted_at"?: string | null,"granted_by"?: string | null,"id": string,"is_admin"?: boolean,"last_activity_at"?: string | null,"last_name"?: string | null,"last_payment_date"?: string | null,"max_requests_per_minute"?: number,"paid_credits"?: number,"profile_image_url"?: string | null,"requests_this_minute"?: number,"subscription_status"?: string,"suspended_until"?: string | null,"suspension_reason"?: string | null,"throttle_enabled"?: boolean,"total_validations_ever"?: number,"trial_bulk_validations_used"?: number,"trial_domain_scrapes_used"?: number,"trial_expires_at"?: string | null,"trial_plan"?: string | null,"trial_single_validations_used"?: number,"trial_started_at"?: string | null,"trial_status"?: string,"updated_at"?: string,"username": string
                  }
                  Update: {
                    "admin_granted_credits"?: number,"created_at"?: string,"current_throttle_level"?: number,"email"?: string | null,"first_name"?: string | null,"free_validations_used"?: number,"grant_reason"?: string | null,"granted_at"?: string | null,"granted_by"?: string | null,"id"?: string,"is_admin"?: boolean,"last_activity_at"?: string | null,"last_name"?: string | null,"last_payment_date"?: string | null,"max_requests_per_minute"?: number,"paid_credits"?: number,"profile_image_url"?: string | null,"requests_this_minute"?: number,"subscription_status"?: string,"suspended_until"?: string | null,"suspension_reason"?: string | null,"throttle_enabled"?: boolean,"total_validations_ever"?: number,"trial_bulk_validations_used"?: number,"trial_domain_scrapes_used"?: number,"trial_expires_at"?: string | null,"trial_plan"?: string | null,"trial_single_validations_used"?: number,"trial_started_at"?: string | null,"trial_status"?: string,"updated_at"?: string,"username"?: string
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
                }
          }
          Views: {
            [_ in never]: never
          }
          Functions: {
            [_ in never]: never
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
