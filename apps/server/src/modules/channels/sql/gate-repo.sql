-- The SQL of modules/channels/gate-repo.ts, made from test/sql/modules/channels.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- gateRow: a channel seen first (1 of 3)
select
  "failures",
  "paused_until",
  "auth_failed_at",
  "auth_error"
from
  "channel_gates"
where
  "channel_id" = $1;

-- gateRow: a channel seen first (2 of 3)
insert into
  "channel_gates" ("channel_id")
values
  ($1)
on conflict ("channel_id") do nothing;

-- gateRow: a channel seen first (3 of 3)
select
  "failures",
  "paused_until",
  "auth_failed_at",
  "auth_error"
from
  "channel_gates"
where
  "channel_id" = $1;

-- gateCounts: a channel
select
  "second_start",
  "second_count",
  "hour_start",
  "hour_count",
  "minute_count_00",
  "minute_last_00",
  "minute_count_01",
  "minute_last_01",
  "minute_count_02",
  "minute_last_02",
  "minute_count_03",
  "minute_last_03",
  "minute_count_04",
  "minute_last_04",
  "minute_count_05",
  "minute_last_05",
  "minute_count_06",
  "minute_last_06",
  "minute_count_07",
  "minute_last_07",
  "minute_count_08",
  "minute_last_08",
  "minute_count_09",
  "minute_last_09",
  "minute_count_10",
  "minute_last_10",
  "minute_count_11",
  "minute_last_11",
  "minute_count_12",
  "minute_last_12",
  "minute_count_13",
  "minute_last_13",
  "minute_count_14",
  "minute_last_14",
  "minute_count_15",
  "minute_last_15",
  "minute_count_16",
  "minute_last_16",
  "minute_count_17",
  "minute_last_17",
  "minute_count_18",
  "minute_last_18",
  "minute_count_19",
  "minute_last_19",
  "minute_count_20",
  "minute_last_20",
  "minute_count_21",
  "minute_last_21",
  "minute_count_22",
  "minute_last_22",
  "minute_count_23",
  "minute_last_23",
  "minute_count_24",
  "minute_last_24",
  "minute_count_25",
  "minute_last_25",
  "minute_count_26",
  "minute_last_26",
  "minute_count_27",
  "minute_last_27",
  "minute_count_28",
  "minute_last_28",
  "minute_count_29",
  "minute_last_29",
  "minute_count_30",
  "minute_last_30",
  "minute_count_31",
  "minute_last_31",
  "minute_count_32",
  "minute_last_32",
  "minute_count_33",
  "minute_last_33",
  "minute_count_34",
  "minute_last_34",
  "minute_count_35",
  "minute_last_35",
  "minute_count_36",
  "minute_last_36",
  "minute_count_37",
  "minute_last_37",
  "minute_count_38",
  "minute_last_38",
  "minute_count_39",
  "minute_last_39",
  "minute_count_40",
  "minute_last_40",
  "minute_count_41",
  "minute_last_41",
  "minute_count_42",
  "minute_last_42",
  "minute_count_43",
  "minute_last_43",
  "minute_count_44",
  "minute_last_44",
  "minute_count_45",
  "minute_last_45",
  "minute_count_46",
  "minute_last_46",
  "minute_count_47",
  "minute_last_47",
  "minute_count_48",
  "minute_last_48",
  "minute_count_49",
  "minute_last_49",
  "minute_count_50",
  "minute_last_50",
  "minute_count_51",
  "minute_last_51",
  "minute_count_52",
  "minute_last_52",
  "minute_count_53",
  "minute_last_53",
  "minute_count_54",
  "minute_last_54",
  "minute_count_55",
  "minute_last_55",
  "minute_count_56",
  "minute_last_56",
  "minute_count_57",
  "minute_last_57",
  "minute_count_58",
  "minute_last_58",
  "minute_count_59",
  "minute_last_59",
  "minute_count_60",
  "minute_last_60"
from
  "channel_gates"
where
  "channel_id" = $1;

-- takeTurn: every limit
update "channel_gates"
set
  "minute_count_00" = case
    when $1 <> 0 then "minute_count_00"
    when "minute_last_00" >= $2 then "minute_count_00" + 1
    else 1
  end,
  "minute_last_00" = case
    when $3 <> 0
    or "minute_last_00" > $4 then "minute_last_00"
    else $5
  end,
  "minute_count_01" = case
    when $6 <> 1 then "minute_count_01"
    when "minute_last_01" >= $7 then "minute_count_01" + 1
    else 1
  end,
  "minute_last_01" = case
    when $8 <> 1
    or "minute_last_01" > $9 then "minute_last_01"
    else $10
  end,
  "minute_count_02" = case
    when $11 <> 2 then "minute_count_02"
    when "minute_last_02" >= $12 then "minute_count_02" + 1
    else 1
  end,
  "minute_last_02" = case
    when $13 <> 2
    or "minute_last_02" > $14 then "minute_last_02"
    else $15
  end,
  "minute_count_03" = case
    when $16 <> 3 then "minute_count_03"
    when "minute_last_03" >= $17 then "minute_count_03" + 1
    else 1
  end,
  "minute_last_03" = case
    when $18 <> 3
    or "minute_last_03" > $19 then "minute_last_03"
    else $20
  end,
  "minute_count_04" = case
    when $21 <> 4 then "minute_count_04"
    when "minute_last_04" >= $22 then "minute_count_04" + 1
    else 1
  end,
  "minute_last_04" = case
    when $23 <> 4
    or "minute_last_04" > $24 then "minute_last_04"
    else $25
  end,
  "minute_count_05" = case
    when $26 <> 5 then "minute_count_05"
    when "minute_last_05" >= $27 then "minute_count_05" + 1
    else 1
  end,
  "minute_last_05" = case
    when $28 <> 5
    or "minute_last_05" > $29 then "minute_last_05"
    else $30
  end,
  "minute_count_06" = case
    when $31 <> 6 then "minute_count_06"
    when "minute_last_06" >= $32 then "minute_count_06" + 1
    else 1
  end,
  "minute_last_06" = case
    when $33 <> 6
    or "minute_last_06" > $34 then "minute_last_06"
    else $35
  end,
  "minute_count_07" = case
    when $36 <> 7 then "minute_count_07"
    when "minute_last_07" >= $37 then "minute_count_07" + 1
    else 1
  end,
  "minute_last_07" = case
    when $38 <> 7
    or "minute_last_07" > $39 then "minute_last_07"
    else $40
  end,
  "minute_count_08" = case
    when $41 <> 8 then "minute_count_08"
    when "minute_last_08" >= $42 then "minute_count_08" + 1
    else 1
  end,
  "minute_last_08" = case
    when $43 <> 8
    or "minute_last_08" > $44 then "minute_last_08"
    else $45
  end,
  "minute_count_09" = case
    when $46 <> 9 then "minute_count_09"
    when "minute_last_09" >= $47 then "minute_count_09" + 1
    else 1
  end,
  "minute_last_09" = case
    when $48 <> 9
    or "minute_last_09" > $49 then "minute_last_09"
    else $50
  end,
  "minute_count_10" = case
    when $51 <> 10 then "minute_count_10"
    when "minute_last_10" >= $52 then "minute_count_10" + 1
    else 1
  end,
  "minute_last_10" = case
    when $53 <> 10
    or "minute_last_10" > $54 then "minute_last_10"
    else $55
  end,
  "minute_count_11" = case
    when $56 <> 11 then "minute_count_11"
    when "minute_last_11" >= $57 then "minute_count_11" + 1
    else 1
  end,
  "minute_last_11" = case
    when $58 <> 11
    or "minute_last_11" > $59 then "minute_last_11"
    else $60
  end,
  "minute_count_12" = case
    when $61 <> 12 then "minute_count_12"
    when "minute_last_12" >= $62 then "minute_count_12" + 1
    else 1
  end,
  "minute_last_12" = case
    when $63 <> 12
    or "minute_last_12" > $64 then "minute_last_12"
    else $65
  end,
  "minute_count_13" = case
    when $66 <> 13 then "minute_count_13"
    when "minute_last_13" >= $67 then "minute_count_13" + 1
    else 1
  end,
  "minute_last_13" = case
    when $68 <> 13
    or "minute_last_13" > $69 then "minute_last_13"
    else $70
  end,
  "minute_count_14" = case
    when $71 <> 14 then "minute_count_14"
    when "minute_last_14" >= $72 then "minute_count_14" + 1
    else 1
  end,
  "minute_last_14" = case
    when $73 <> 14
    or "minute_last_14" > $74 then "minute_last_14"
    else $75
  end,
  "minute_count_15" = case
    when $76 <> 15 then "minute_count_15"
    when "minute_last_15" >= $77 then "minute_count_15" + 1
    else 1
  end,
  "minute_last_15" = case
    when $78 <> 15
    or "minute_last_15" > $79 then "minute_last_15"
    else $80
  end,
  "minute_count_16" = case
    when $81 <> 16 then "minute_count_16"
    when "minute_last_16" >= $82 then "minute_count_16" + 1
    else 1
  end,
  "minute_last_16" = case
    when $83 <> 16
    or "minute_last_16" > $84 then "minute_last_16"
    else $85
  end,
  "minute_count_17" = case
    when $86 <> 17 then "minute_count_17"
    when "minute_last_17" >= $87 then "minute_count_17" + 1
    else 1
  end,
  "minute_last_17" = case
    when $88 <> 17
    or "minute_last_17" > $89 then "minute_last_17"
    else $90
  end,
  "minute_count_18" = case
    when $91 <> 18 then "minute_count_18"
    when "minute_last_18" >= $92 then "minute_count_18" + 1
    else 1
  end,
  "minute_last_18" = case
    when $93 <> 18
    or "minute_last_18" > $94 then "minute_last_18"
    else $95
  end,
  "minute_count_19" = case
    when $96 <> 19 then "minute_count_19"
    when "minute_last_19" >= $97 then "minute_count_19" + 1
    else 1
  end,
  "minute_last_19" = case
    when $98 <> 19
    or "minute_last_19" > $99 then "minute_last_19"
    else $100
  end,
  "minute_count_20" = case
    when $101 <> 20 then "minute_count_20"
    when "minute_last_20" >= $102 then "minute_count_20" + 1
    else 1
  end,
  "minute_last_20" = case
    when $103 <> 20
    or "minute_last_20" > $104 then "minute_last_20"
    else $105
  end,
  "minute_count_21" = case
    when $106 <> 21 then "minute_count_21"
    when "minute_last_21" >= $107 then "minute_count_21" + 1
    else 1
  end,
  "minute_last_21" = case
    when $108 <> 21
    or "minute_last_21" > $109 then "minute_last_21"
    else $110
  end,
  "minute_count_22" = case
    when $111 <> 22 then "minute_count_22"
    when "minute_last_22" >= $112 then "minute_count_22" + 1
    else 1
  end,
  "minute_last_22" = case
    when $113 <> 22
    or "minute_last_22" > $114 then "minute_last_22"
    else $115
  end,
  "minute_count_23" = case
    when $116 <> 23 then "minute_count_23"
    when "minute_last_23" >= $117 then "minute_count_23" + 1
    else 1
  end,
  "minute_last_23" = case
    when $118 <> 23
    or "minute_last_23" > $119 then "minute_last_23"
    else $120
  end,
  "minute_count_24" = case
    when $121 <> 24 then "minute_count_24"
    when "minute_last_24" >= $122 then "minute_count_24" + 1
    else 1
  end,
  "minute_last_24" = case
    when $123 <> 24
    or "minute_last_24" > $124 then "minute_last_24"
    else $125
  end,
  "minute_count_25" = case
    when $126 <> 25 then "minute_count_25"
    when "minute_last_25" >= $127 then "minute_count_25" + 1
    else 1
  end,
  "minute_last_25" = case
    when $128 <> 25
    or "minute_last_25" > $129 then "minute_last_25"
    else $130
  end,
  "minute_count_26" = case
    when $131 <> 26 then "minute_count_26"
    when "minute_last_26" >= $132 then "minute_count_26" + 1
    else 1
  end,
  "minute_last_26" = case
    when $133 <> 26
    or "minute_last_26" > $134 then "minute_last_26"
    else $135
  end,
  "minute_count_27" = case
    when $136 <> 27 then "minute_count_27"
    when "minute_last_27" >= $137 then "minute_count_27" + 1
    else 1
  end,
  "minute_last_27" = case
    when $138 <> 27
    or "minute_last_27" > $139 then "minute_last_27"
    else $140
  end,
  "minute_count_28" = case
    when $141 <> 28 then "minute_count_28"
    when "minute_last_28" >= $142 then "minute_count_28" + 1
    else 1
  end,
  "minute_last_28" = case
    when $143 <> 28
    or "minute_last_28" > $144 then "minute_last_28"
    else $145
  end,
  "minute_count_29" = case
    when $146 <> 29 then "minute_count_29"
    when "minute_last_29" >= $147 then "minute_count_29" + 1
    else 1
  end,
  "minute_last_29" = case
    when $148 <> 29
    or "minute_last_29" > $149 then "minute_last_29"
    else $150
  end,
  "minute_count_30" = case
    when $151 <> 30 then "minute_count_30"
    when "minute_last_30" >= $152 then "minute_count_30" + 1
    else 1
  end,
  "minute_last_30" = case
    when $153 <> 30
    or "minute_last_30" > $154 then "minute_last_30"
    else $155
  end,
  "minute_count_31" = case
    when $156 <> 31 then "minute_count_31"
    when "minute_last_31" >= $157 then "minute_count_31" + 1
    else 1
  end,
  "minute_last_31" = case
    when $158 <> 31
    or "minute_last_31" > $159 then "minute_last_31"
    else $160
  end,
  "minute_count_32" = case
    when $161 <> 32 then "minute_count_32"
    when "minute_last_32" >= $162 then "minute_count_32" + 1
    else 1
  end,
  "minute_last_32" = case
    when $163 <> 32
    or "minute_last_32" > $164 then "minute_last_32"
    else $165
  end,
  "minute_count_33" = case
    when $166 <> 33 then "minute_count_33"
    when "minute_last_33" >= $167 then "minute_count_33" + 1
    else 1
  end,
  "minute_last_33" = case
    when $168 <> 33
    or "minute_last_33" > $169 then "minute_last_33"
    else $170
  end,
  "minute_count_34" = case
    when $171 <> 34 then "minute_count_34"
    when "minute_last_34" >= $172 then "minute_count_34" + 1
    else 1
  end,
  "minute_last_34" = case
    when $173 <> 34
    or "minute_last_34" > $174 then "minute_last_34"
    else $175
  end,
  "minute_count_35" = case
    when $176 <> 35 then "minute_count_35"
    when "minute_last_35" >= $177 then "minute_count_35" + 1
    else 1
  end,
  "minute_last_35" = case
    when $178 <> 35
    or "minute_last_35" > $179 then "minute_last_35"
    else $180
  end,
  "minute_count_36" = case
    when $181 <> 36 then "minute_count_36"
    when "minute_last_36" >= $182 then "minute_count_36" + 1
    else 1
  end,
  "minute_last_36" = case
    when $183 <> 36
    or "minute_last_36" > $184 then "minute_last_36"
    else $185
  end,
  "minute_count_37" = case
    when $186 <> 37 then "minute_count_37"
    when "minute_last_37" >= $187 then "minute_count_37" + 1
    else 1
  end,
  "minute_last_37" = case
    when $188 <> 37
    or "minute_last_37" > $189 then "minute_last_37"
    else $190
  end,
  "minute_count_38" = case
    when $191 <> 38 then "minute_count_38"
    when "minute_last_38" >= $192 then "minute_count_38" + 1
    else 1
  end,
  "minute_last_38" = case
    when $193 <> 38
    or "minute_last_38" > $194 then "minute_last_38"
    else $195
  end,
  "minute_count_39" = case
    when $196 <> 39 then "minute_count_39"
    when "minute_last_39" >= $197 then "minute_count_39" + 1
    else 1
  end,
  "minute_last_39" = case
    when $198 <> 39
    or "minute_last_39" > $199 then "minute_last_39"
    else $200
  end,
  "minute_count_40" = case
    when $201 <> 40 then "minute_count_40"
    when "minute_last_40" >= $202 then "minute_count_40" + 1
    else 1
  end,
  "minute_last_40" = case
    when $203 <> 40
    or "minute_last_40" > $204 then "minute_last_40"
    else $205
  end,
  "minute_count_41" = case
    when $206 <> 41 then "minute_count_41"
    when "minute_last_41" >= $207 then "minute_count_41" + 1
    else 1
  end,
  "minute_last_41" = case
    when $208 <> 41
    or "minute_last_41" > $209 then "minute_last_41"
    else $210
  end,
  "minute_count_42" = case
    when $211 <> 42 then "minute_count_42"
    when "minute_last_42" >= $212 then "minute_count_42" + 1
    else 1
  end,
  "minute_last_42" = case
    when $213 <> 42
    or "minute_last_42" > $214 then "minute_last_42"
    else $215
  end,
  "minute_count_43" = case
    when $216 <> 43 then "minute_count_43"
    when "minute_last_43" >= $217 then "minute_count_43" + 1
    else 1
  end,
  "minute_last_43" = case
    when $218 <> 43
    or "minute_last_43" > $219 then "minute_last_43"
    else $220
  end,
  "minute_count_44" = case
    when $221 <> 44 then "minute_count_44"
    when "minute_last_44" >= $222 then "minute_count_44" + 1
    else 1
  end,
  "minute_last_44" = case
    when $223 <> 44
    or "minute_last_44" > $224 then "minute_last_44"
    else $225
  end,
  "minute_count_45" = case
    when $226 <> 45 then "minute_count_45"
    when "minute_last_45" >= $227 then "minute_count_45" + 1
    else 1
  end,
  "minute_last_45" = case
    when $228 <> 45
    or "minute_last_45" > $229 then "minute_last_45"
    else $230
  end,
  "minute_count_46" = case
    when $231 <> 46 then "minute_count_46"
    when "minute_last_46" >= $232 then "minute_count_46" + 1
    else 1
  end,
  "minute_last_46" = case
    when $233 <> 46
    or "minute_last_46" > $234 then "minute_last_46"
    else $235
  end,
  "minute_count_47" = case
    when $236 <> 47 then "minute_count_47"
    when "minute_last_47" >= $237 then "minute_count_47" + 1
    else 1
  end,
  "minute_last_47" = case
    when $238 <> 47
    or "minute_last_47" > $239 then "minute_last_47"
    else $240
  end,
  "minute_count_48" = case
    when $241 <> 48 then "minute_count_48"
    when "minute_last_48" >= $242 then "minute_count_48" + 1
    else 1
  end,
  "minute_last_48" = case
    when $243 <> 48
    or "minute_last_48" > $244 then "minute_last_48"
    else $245
  end,
  "minute_count_49" = case
    when $246 <> 49 then "minute_count_49"
    when "minute_last_49" >= $247 then "minute_count_49" + 1
    else 1
  end,
  "minute_last_49" = case
    when $248 <> 49
    or "minute_last_49" > $249 then "minute_last_49"
    else $250
  end,
  "minute_count_50" = case
    when $251 <> 50 then "minute_count_50"
    when "minute_last_50" >= $252 then "minute_count_50" + 1
    else 1
  end,
  "minute_last_50" = case
    when $253 <> 50
    or "minute_last_50" > $254 then "minute_last_50"
    else $255
  end,
  "minute_count_51" = case
    when $256 <> 51 then "minute_count_51"
    when "minute_last_51" >= $257 then "minute_count_51" + 1
    else 1
  end,
  "minute_last_51" = case
    when $258 <> 51
    or "minute_last_51" > $259 then "minute_last_51"
    else $260
  end,
  "minute_count_52" = case
    when $261 <> 52 then "minute_count_52"
    when "minute_last_52" >= $262 then "minute_count_52" + 1
    else 1
  end,
  "minute_last_52" = case
    when $263 <> 52
    or "minute_last_52" > $264 then "minute_last_52"
    else $265
  end,
  "minute_count_53" = case
    when $266 <> 53 then "minute_count_53"
    when "minute_last_53" >= $267 then "minute_count_53" + 1
    else 1
  end,
  "minute_last_53" = case
    when $268 <> 53
    or "minute_last_53" > $269 then "minute_last_53"
    else $270
  end,
  "minute_count_54" = case
    when $271 <> 54 then "minute_count_54"
    when "minute_last_54" >= $272 then "minute_count_54" + 1
    else 1
  end,
  "minute_last_54" = case
    when $273 <> 54
    or "minute_last_54" > $274 then "minute_last_54"
    else $275
  end,
  "minute_count_55" = case
    when $276 <> 55 then "minute_count_55"
    when "minute_last_55" >= $277 then "minute_count_55" + 1
    else 1
  end,
  "minute_last_55" = case
    when $278 <> 55
    or "minute_last_55" > $279 then "minute_last_55"
    else $280
  end,
  "minute_count_56" = case
    when $281 <> 56 then "minute_count_56"
    when "minute_last_56" >= $282 then "minute_count_56" + 1
    else 1
  end,
  "minute_last_56" = case
    when $283 <> 56
    or "minute_last_56" > $284 then "minute_last_56"
    else $285
  end,
  "minute_count_57" = case
    when $286 <> 57 then "minute_count_57"
    when "minute_last_57" >= $287 then "minute_count_57" + 1
    else 1
  end,
  "minute_last_57" = case
    when $288 <> 57
    or "minute_last_57" > $289 then "minute_last_57"
    else $290
  end,
  "minute_count_58" = case
    when $291 <> 58 then "minute_count_58"
    when "minute_last_58" >= $292 then "minute_count_58" + 1
    else 1
  end,
  "minute_last_58" = case
    when $293 <> 58
    or "minute_last_58" > $294 then "minute_last_58"
    else $295
  end,
  "minute_count_59" = case
    when $296 <> 59 then "minute_count_59"
    when "minute_last_59" >= $297 then "minute_count_59" + 1
    else 1
  end,
  "minute_last_59" = case
    when $298 <> 59
    or "minute_last_59" > $299 then "minute_last_59"
    else $300
  end,
  "minute_count_60" = case
    when $301 <> 60 then "minute_count_60"
    when "minute_last_60" >= $302 then "minute_count_60" + 1
    else 1
  end,
  "minute_last_60" = case
    when $303 <> 60
    or "minute_last_60" > $304 then "minute_last_60"
    else $305
  end,
  "second_start" = $306,
  "second_count" = case
    when "second_start" = $307 then "second_count" + $308
    else 1
  end,
  "hour_start" = $309,
  "hour_count" = case
    when "hour_start" = $310 then "hour_count" + $311
    else 1
  end
where
  "channel_id" = $312
  and (
    "second_start" <> $313
    or "second_count" < $314
  )
  and case
    when "minute_last_00" > $315 then "minute_count_00"
    else 0
  end + case
    when "minute_last_01" > $316 then "minute_count_01"
    else 0
  end + case
    when "minute_last_02" > $317 then "minute_count_02"
    else 0
  end + case
    when "minute_last_03" > $318 then "minute_count_03"
    else 0
  end + case
    when "minute_last_04" > $319 then "minute_count_04"
    else 0
  end + case
    when "minute_last_05" > $320 then "minute_count_05"
    else 0
  end + case
    when "minute_last_06" > $321 then "minute_count_06"
    else 0
  end + case
    when "minute_last_07" > $322 then "minute_count_07"
    else 0
  end + case
    when "minute_last_08" > $323 then "minute_count_08"
    else 0
  end + case
    when "minute_last_09" > $324 then "minute_count_09"
    else 0
  end + case
    when "minute_last_10" > $325 then "minute_count_10"
    else 0
  end + case
    when "minute_last_11" > $326 then "minute_count_11"
    else 0
  end + case
    when "minute_last_12" > $327 then "minute_count_12"
    else 0
  end + case
    when "minute_last_13" > $328 then "minute_count_13"
    else 0
  end + case
    when "minute_last_14" > $329 then "minute_count_14"
    else 0
  end + case
    when "minute_last_15" > $330 then "minute_count_15"
    else 0
  end + case
    when "minute_last_16" > $331 then "minute_count_16"
    else 0
  end + case
    when "minute_last_17" > $332 then "minute_count_17"
    else 0
  end + case
    when "minute_last_18" > $333 then "minute_count_18"
    else 0
  end + case
    when "minute_last_19" > $334 then "minute_count_19"
    else 0
  end + case
    when "minute_last_20" > $335 then "minute_count_20"
    else 0
  end + case
    when "minute_last_21" > $336 then "minute_count_21"
    else 0
  end + case
    when "minute_last_22" > $337 then "minute_count_22"
    else 0
  end + case
    when "minute_last_23" > $338 then "minute_count_23"
    else 0
  end + case
    when "minute_last_24" > $339 then "minute_count_24"
    else 0
  end + case
    when "minute_last_25" > $340 then "minute_count_25"
    else 0
  end + case
    when "minute_last_26" > $341 then "minute_count_26"
    else 0
  end + case
    when "minute_last_27" > $342 then "minute_count_27"
    else 0
  end + case
    when "minute_last_28" > $343 then "minute_count_28"
    else 0
  end + case
    when "minute_last_29" > $344 then "minute_count_29"
    else 0
  end + case
    when "minute_last_30" > $345 then "minute_count_30"
    else 0
  end + case
    when "minute_last_31" > $346 then "minute_count_31"
    else 0
  end + case
    when "minute_last_32" > $347 then "minute_count_32"
    else 0
  end + case
    when "minute_last_33" > $348 then "minute_count_33"
    else 0
  end + case
    when "minute_last_34" > $349 then "minute_count_34"
    else 0
  end + case
    when "minute_last_35" > $350 then "minute_count_35"
    else 0
  end + case
    when "minute_last_36" > $351 then "minute_count_36"
    else 0
  end + case
    when "minute_last_37" > $352 then "minute_count_37"
    else 0
  end + case
    when "minute_last_38" > $353 then "minute_count_38"
    else 0
  end + case
    when "minute_last_39" > $354 then "minute_count_39"
    else 0
  end + case
    when "minute_last_40" > $355 then "minute_count_40"
    else 0
  end + case
    when "minute_last_41" > $356 then "minute_count_41"
    else 0
  end + case
    when "minute_last_42" > $357 then "minute_count_42"
    else 0
  end + case
    when "minute_last_43" > $358 then "minute_count_43"
    else 0
  end + case
    when "minute_last_44" > $359 then "minute_count_44"
    else 0
  end + case
    when "minute_last_45" > $360 then "minute_count_45"
    else 0
  end + case
    when "minute_last_46" > $361 then "minute_count_46"
    else 0
  end + case
    when "minute_last_47" > $362 then "minute_count_47"
    else 0
  end + case
    when "minute_last_48" > $363 then "minute_count_48"
    else 0
  end + case
    when "minute_last_49" > $364 then "minute_count_49"
    else 0
  end + case
    when "minute_last_50" > $365 then "minute_count_50"
    else 0
  end + case
    when "minute_last_51" > $366 then "minute_count_51"
    else 0
  end + case
    when "minute_last_52" > $367 then "minute_count_52"
    else 0
  end + case
    when "minute_last_53" > $368 then "minute_count_53"
    else 0
  end + case
    when "minute_last_54" > $369 then "minute_count_54"
    else 0
  end + case
    when "minute_last_55" > $370 then "minute_count_55"
    else 0
  end + case
    when "minute_last_56" > $371 then "minute_count_56"
    else 0
  end + case
    when "minute_last_57" > $372 then "minute_count_57"
    else 0
  end + case
    when "minute_last_58" > $373 then "minute_count_58"
    else 0
  end + case
    when "minute_last_59" > $374 then "minute_count_59"
    else 0
  end + case
    when "minute_last_60" > $375 then "minute_count_60"
    else 0
  end + 1 <= $376
  and (
    "hour_start" <> $377
    or "hour_count" < $378
  );

-- takeTurn: no limit
update "channel_gates"
set
  "minute_count_00" = case
    when $1 <> 0 then "minute_count_00"
    when "minute_last_00" >= $2 then "minute_count_00" + 1
    else 1
  end,
  "minute_last_00" = case
    when $3 <> 0
    or "minute_last_00" > $4 then "minute_last_00"
    else $5
  end,
  "minute_count_01" = case
    when $6 <> 1 then "minute_count_01"
    when "minute_last_01" >= $7 then "minute_count_01" + 1
    else 1
  end,
  "minute_last_01" = case
    when $8 <> 1
    or "minute_last_01" > $9 then "minute_last_01"
    else $10
  end,
  "minute_count_02" = case
    when $11 <> 2 then "minute_count_02"
    when "minute_last_02" >= $12 then "minute_count_02" + 1
    else 1
  end,
  "minute_last_02" = case
    when $13 <> 2
    or "minute_last_02" > $14 then "minute_last_02"
    else $15
  end,
  "minute_count_03" = case
    when $16 <> 3 then "minute_count_03"
    when "minute_last_03" >= $17 then "minute_count_03" + 1
    else 1
  end,
  "minute_last_03" = case
    when $18 <> 3
    or "minute_last_03" > $19 then "minute_last_03"
    else $20
  end,
  "minute_count_04" = case
    when $21 <> 4 then "minute_count_04"
    when "minute_last_04" >= $22 then "minute_count_04" + 1
    else 1
  end,
  "minute_last_04" = case
    when $23 <> 4
    or "minute_last_04" > $24 then "minute_last_04"
    else $25
  end,
  "minute_count_05" = case
    when $26 <> 5 then "minute_count_05"
    when "minute_last_05" >= $27 then "minute_count_05" + 1
    else 1
  end,
  "minute_last_05" = case
    when $28 <> 5
    or "minute_last_05" > $29 then "minute_last_05"
    else $30
  end,
  "minute_count_06" = case
    when $31 <> 6 then "minute_count_06"
    when "minute_last_06" >= $32 then "minute_count_06" + 1
    else 1
  end,
  "minute_last_06" = case
    when $33 <> 6
    or "minute_last_06" > $34 then "minute_last_06"
    else $35
  end,
  "minute_count_07" = case
    when $36 <> 7 then "minute_count_07"
    when "minute_last_07" >= $37 then "minute_count_07" + 1
    else 1
  end,
  "minute_last_07" = case
    when $38 <> 7
    or "minute_last_07" > $39 then "minute_last_07"
    else $40
  end,
  "minute_count_08" = case
    when $41 <> 8 then "minute_count_08"
    when "minute_last_08" >= $42 then "minute_count_08" + 1
    else 1
  end,
  "minute_last_08" = case
    when $43 <> 8
    or "minute_last_08" > $44 then "minute_last_08"
    else $45
  end,
  "minute_count_09" = case
    when $46 <> 9 then "minute_count_09"
    when "minute_last_09" >= $47 then "minute_count_09" + 1
    else 1
  end,
  "minute_last_09" = case
    when $48 <> 9
    or "minute_last_09" > $49 then "minute_last_09"
    else $50
  end,
  "minute_count_10" = case
    when $51 <> 10 then "minute_count_10"
    when "minute_last_10" >= $52 then "minute_count_10" + 1
    else 1
  end,
  "minute_last_10" = case
    when $53 <> 10
    or "minute_last_10" > $54 then "minute_last_10"
    else $55
  end,
  "minute_count_11" = case
    when $56 <> 11 then "minute_count_11"
    when "minute_last_11" >= $57 then "minute_count_11" + 1
    else 1
  end,
  "minute_last_11" = case
    when $58 <> 11
    or "minute_last_11" > $59 then "minute_last_11"
    else $60
  end,
  "minute_count_12" = case
    when $61 <> 12 then "minute_count_12"
    when "minute_last_12" >= $62 then "minute_count_12" + 1
    else 1
  end,
  "minute_last_12" = case
    when $63 <> 12
    or "minute_last_12" > $64 then "minute_last_12"
    else $65
  end,
  "minute_count_13" = case
    when $66 <> 13 then "minute_count_13"
    when "minute_last_13" >= $67 then "minute_count_13" + 1
    else 1
  end,
  "minute_last_13" = case
    when $68 <> 13
    or "minute_last_13" > $69 then "minute_last_13"
    else $70
  end,
  "minute_count_14" = case
    when $71 <> 14 then "minute_count_14"
    when "minute_last_14" >= $72 then "minute_count_14" + 1
    else 1
  end,
  "minute_last_14" = case
    when $73 <> 14
    or "minute_last_14" > $74 then "minute_last_14"
    else $75
  end,
  "minute_count_15" = case
    when $76 <> 15 then "minute_count_15"
    when "minute_last_15" >= $77 then "minute_count_15" + 1
    else 1
  end,
  "minute_last_15" = case
    when $78 <> 15
    or "minute_last_15" > $79 then "minute_last_15"
    else $80
  end,
  "minute_count_16" = case
    when $81 <> 16 then "minute_count_16"
    when "minute_last_16" >= $82 then "minute_count_16" + 1
    else 1
  end,
  "minute_last_16" = case
    when $83 <> 16
    or "minute_last_16" > $84 then "minute_last_16"
    else $85
  end,
  "minute_count_17" = case
    when $86 <> 17 then "minute_count_17"
    when "minute_last_17" >= $87 then "minute_count_17" + 1
    else 1
  end,
  "minute_last_17" = case
    when $88 <> 17
    or "minute_last_17" > $89 then "minute_last_17"
    else $90
  end,
  "minute_count_18" = case
    when $91 <> 18 then "minute_count_18"
    when "minute_last_18" >= $92 then "minute_count_18" + 1
    else 1
  end,
  "minute_last_18" = case
    when $93 <> 18
    or "minute_last_18" > $94 then "minute_last_18"
    else $95
  end,
  "minute_count_19" = case
    when $96 <> 19 then "minute_count_19"
    when "minute_last_19" >= $97 then "minute_count_19" + 1
    else 1
  end,
  "minute_last_19" = case
    when $98 <> 19
    or "minute_last_19" > $99 then "minute_last_19"
    else $100
  end,
  "minute_count_20" = case
    when $101 <> 20 then "minute_count_20"
    when "minute_last_20" >= $102 then "minute_count_20" + 1
    else 1
  end,
  "minute_last_20" = case
    when $103 <> 20
    or "minute_last_20" > $104 then "minute_last_20"
    else $105
  end,
  "minute_count_21" = case
    when $106 <> 21 then "minute_count_21"
    when "minute_last_21" >= $107 then "minute_count_21" + 1
    else 1
  end,
  "minute_last_21" = case
    when $108 <> 21
    or "minute_last_21" > $109 then "minute_last_21"
    else $110
  end,
  "minute_count_22" = case
    when $111 <> 22 then "minute_count_22"
    when "minute_last_22" >= $112 then "minute_count_22" + 1
    else 1
  end,
  "minute_last_22" = case
    when $113 <> 22
    or "minute_last_22" > $114 then "minute_last_22"
    else $115
  end,
  "minute_count_23" = case
    when $116 <> 23 then "minute_count_23"
    when "minute_last_23" >= $117 then "minute_count_23" + 1
    else 1
  end,
  "minute_last_23" = case
    when $118 <> 23
    or "minute_last_23" > $119 then "minute_last_23"
    else $120
  end,
  "minute_count_24" = case
    when $121 <> 24 then "minute_count_24"
    when "minute_last_24" >= $122 then "minute_count_24" + 1
    else 1
  end,
  "minute_last_24" = case
    when $123 <> 24
    or "minute_last_24" > $124 then "minute_last_24"
    else $125
  end,
  "minute_count_25" = case
    when $126 <> 25 then "minute_count_25"
    when "minute_last_25" >= $127 then "minute_count_25" + 1
    else 1
  end,
  "minute_last_25" = case
    when $128 <> 25
    or "minute_last_25" > $129 then "minute_last_25"
    else $130
  end,
  "minute_count_26" = case
    when $131 <> 26 then "minute_count_26"
    when "minute_last_26" >= $132 then "minute_count_26" + 1
    else 1
  end,
  "minute_last_26" = case
    when $133 <> 26
    or "minute_last_26" > $134 then "minute_last_26"
    else $135
  end,
  "minute_count_27" = case
    when $136 <> 27 then "minute_count_27"
    when "minute_last_27" >= $137 then "minute_count_27" + 1
    else 1
  end,
  "minute_last_27" = case
    when $138 <> 27
    or "minute_last_27" > $139 then "minute_last_27"
    else $140
  end,
  "minute_count_28" = case
    when $141 <> 28 then "minute_count_28"
    when "minute_last_28" >= $142 then "minute_count_28" + 1
    else 1
  end,
  "minute_last_28" = case
    when $143 <> 28
    or "minute_last_28" > $144 then "minute_last_28"
    else $145
  end,
  "minute_count_29" = case
    when $146 <> 29 then "minute_count_29"
    when "minute_last_29" >= $147 then "minute_count_29" + 1
    else 1
  end,
  "minute_last_29" = case
    when $148 <> 29
    or "minute_last_29" > $149 then "minute_last_29"
    else $150
  end,
  "minute_count_30" = case
    when $151 <> 30 then "minute_count_30"
    when "minute_last_30" >= $152 then "minute_count_30" + 1
    else 1
  end,
  "minute_last_30" = case
    when $153 <> 30
    or "minute_last_30" > $154 then "minute_last_30"
    else $155
  end,
  "minute_count_31" = case
    when $156 <> 31 then "minute_count_31"
    when "minute_last_31" >= $157 then "minute_count_31" + 1
    else 1
  end,
  "minute_last_31" = case
    when $158 <> 31
    or "minute_last_31" > $159 then "minute_last_31"
    else $160
  end,
  "minute_count_32" = case
    when $161 <> 32 then "minute_count_32"
    when "minute_last_32" >= $162 then "minute_count_32" + 1
    else 1
  end,
  "minute_last_32" = case
    when $163 <> 32
    or "minute_last_32" > $164 then "minute_last_32"
    else $165
  end,
  "minute_count_33" = case
    when $166 <> 33 then "minute_count_33"
    when "minute_last_33" >= $167 then "minute_count_33" + 1
    else 1
  end,
  "minute_last_33" = case
    when $168 <> 33
    or "minute_last_33" > $169 then "minute_last_33"
    else $170
  end,
  "minute_count_34" = case
    when $171 <> 34 then "minute_count_34"
    when "minute_last_34" >= $172 then "minute_count_34" + 1
    else 1
  end,
  "minute_last_34" = case
    when $173 <> 34
    or "minute_last_34" > $174 then "minute_last_34"
    else $175
  end,
  "minute_count_35" = case
    when $176 <> 35 then "minute_count_35"
    when "minute_last_35" >= $177 then "minute_count_35" + 1
    else 1
  end,
  "minute_last_35" = case
    when $178 <> 35
    or "minute_last_35" > $179 then "minute_last_35"
    else $180
  end,
  "minute_count_36" = case
    when $181 <> 36 then "minute_count_36"
    when "minute_last_36" >= $182 then "minute_count_36" + 1
    else 1
  end,
  "minute_last_36" = case
    when $183 <> 36
    or "minute_last_36" > $184 then "minute_last_36"
    else $185
  end,
  "minute_count_37" = case
    when $186 <> 37 then "minute_count_37"
    when "minute_last_37" >= $187 then "minute_count_37" + 1
    else 1
  end,
  "minute_last_37" = case
    when $188 <> 37
    or "minute_last_37" > $189 then "minute_last_37"
    else $190
  end,
  "minute_count_38" = case
    when $191 <> 38 then "minute_count_38"
    when "minute_last_38" >= $192 then "minute_count_38" + 1
    else 1
  end,
  "minute_last_38" = case
    when $193 <> 38
    or "minute_last_38" > $194 then "minute_last_38"
    else $195
  end,
  "minute_count_39" = case
    when $196 <> 39 then "minute_count_39"
    when "minute_last_39" >= $197 then "minute_count_39" + 1
    else 1
  end,
  "minute_last_39" = case
    when $198 <> 39
    or "minute_last_39" > $199 then "minute_last_39"
    else $200
  end,
  "minute_count_40" = case
    when $201 <> 40 then "minute_count_40"
    when "minute_last_40" >= $202 then "minute_count_40" + 1
    else 1
  end,
  "minute_last_40" = case
    when $203 <> 40
    or "minute_last_40" > $204 then "minute_last_40"
    else $205
  end,
  "minute_count_41" = case
    when $206 <> 41 then "minute_count_41"
    when "minute_last_41" >= $207 then "minute_count_41" + 1
    else 1
  end,
  "minute_last_41" = case
    when $208 <> 41
    or "minute_last_41" > $209 then "minute_last_41"
    else $210
  end,
  "minute_count_42" = case
    when $211 <> 42 then "minute_count_42"
    when "minute_last_42" >= $212 then "minute_count_42" + 1
    else 1
  end,
  "minute_last_42" = case
    when $213 <> 42
    or "minute_last_42" > $214 then "minute_last_42"
    else $215
  end,
  "minute_count_43" = case
    when $216 <> 43 then "minute_count_43"
    when "minute_last_43" >= $217 then "minute_count_43" + 1
    else 1
  end,
  "minute_last_43" = case
    when $218 <> 43
    or "minute_last_43" > $219 then "minute_last_43"
    else $220
  end,
  "minute_count_44" = case
    when $221 <> 44 then "minute_count_44"
    when "minute_last_44" >= $222 then "minute_count_44" + 1
    else 1
  end,
  "minute_last_44" = case
    when $223 <> 44
    or "minute_last_44" > $224 then "minute_last_44"
    else $225
  end,
  "minute_count_45" = case
    when $226 <> 45 then "minute_count_45"
    when "minute_last_45" >= $227 then "minute_count_45" + 1
    else 1
  end,
  "minute_last_45" = case
    when $228 <> 45
    or "minute_last_45" > $229 then "minute_last_45"
    else $230
  end,
  "minute_count_46" = case
    when $231 <> 46 then "minute_count_46"
    when "minute_last_46" >= $232 then "minute_count_46" + 1
    else 1
  end,
  "minute_last_46" = case
    when $233 <> 46
    or "minute_last_46" > $234 then "minute_last_46"
    else $235
  end,
  "minute_count_47" = case
    when $236 <> 47 then "minute_count_47"
    when "minute_last_47" >= $237 then "minute_count_47" + 1
    else 1
  end,
  "minute_last_47" = case
    when $238 <> 47
    or "minute_last_47" > $239 then "minute_last_47"
    else $240
  end,
  "minute_count_48" = case
    when $241 <> 48 then "minute_count_48"
    when "minute_last_48" >= $242 then "minute_count_48" + 1
    else 1
  end,
  "minute_last_48" = case
    when $243 <> 48
    or "minute_last_48" > $244 then "minute_last_48"
    else $245
  end,
  "minute_count_49" = case
    when $246 <> 49 then "minute_count_49"
    when "minute_last_49" >= $247 then "minute_count_49" + 1
    else 1
  end,
  "minute_last_49" = case
    when $248 <> 49
    or "minute_last_49" > $249 then "minute_last_49"
    else $250
  end,
  "minute_count_50" = case
    when $251 <> 50 then "minute_count_50"
    when "minute_last_50" >= $252 then "minute_count_50" + 1
    else 1
  end,
  "minute_last_50" = case
    when $253 <> 50
    or "minute_last_50" > $254 then "minute_last_50"
    else $255
  end,
  "minute_count_51" = case
    when $256 <> 51 then "minute_count_51"
    when "minute_last_51" >= $257 then "minute_count_51" + 1
    else 1
  end,
  "minute_last_51" = case
    when $258 <> 51
    or "minute_last_51" > $259 then "minute_last_51"
    else $260
  end,
  "minute_count_52" = case
    when $261 <> 52 then "minute_count_52"
    when "minute_last_52" >= $262 then "minute_count_52" + 1
    else 1
  end,
  "minute_last_52" = case
    when $263 <> 52
    or "minute_last_52" > $264 then "minute_last_52"
    else $265
  end,
  "minute_count_53" = case
    when $266 <> 53 then "minute_count_53"
    when "minute_last_53" >= $267 then "minute_count_53" + 1
    else 1
  end,
  "minute_last_53" = case
    when $268 <> 53
    or "minute_last_53" > $269 then "minute_last_53"
    else $270
  end,
  "minute_count_54" = case
    when $271 <> 54 then "minute_count_54"
    when "minute_last_54" >= $272 then "minute_count_54" + 1
    else 1
  end,
  "minute_last_54" = case
    when $273 <> 54
    or "minute_last_54" > $274 then "minute_last_54"
    else $275
  end,
  "minute_count_55" = case
    when $276 <> 55 then "minute_count_55"
    when "minute_last_55" >= $277 then "minute_count_55" + 1
    else 1
  end,
  "minute_last_55" = case
    when $278 <> 55
    or "minute_last_55" > $279 then "minute_last_55"
    else $280
  end,
  "minute_count_56" = case
    when $281 <> 56 then "minute_count_56"
    when "minute_last_56" >= $282 then "minute_count_56" + 1
    else 1
  end,
  "minute_last_56" = case
    when $283 <> 56
    or "minute_last_56" > $284 then "minute_last_56"
    else $285
  end,
  "minute_count_57" = case
    when $286 <> 57 then "minute_count_57"
    when "minute_last_57" >= $287 then "minute_count_57" + 1
    else 1
  end,
  "minute_last_57" = case
    when $288 <> 57
    or "minute_last_57" > $289 then "minute_last_57"
    else $290
  end,
  "minute_count_58" = case
    when $291 <> 58 then "minute_count_58"
    when "minute_last_58" >= $292 then "minute_count_58" + 1
    else 1
  end,
  "minute_last_58" = case
    when $293 <> 58
    or "minute_last_58" > $294 then "minute_last_58"
    else $295
  end,
  "minute_count_59" = case
    when $296 <> 59 then "minute_count_59"
    when "minute_last_59" >= $297 then "minute_count_59" + 1
    else 1
  end,
  "minute_last_59" = case
    when $298 <> 59
    or "minute_last_59" > $299 then "minute_last_59"
    else $300
  end,
  "minute_count_60" = case
    when $301 <> 60 then "minute_count_60"
    when "minute_last_60" >= $302 then "minute_count_60" + 1
    else 1
  end,
  "minute_last_60" = case
    when $303 <> 60
    or "minute_last_60" > $304 then "minute_last_60"
    else $305
  end,
  "second_start" = $306,
  "second_count" = case
    when "second_start" = $307 then "second_count" + $308
    else 1
  end,
  "hour_start" = $309,
  "hour_count" = case
    when "hour_start" = $310 then "hour_count" + $311
    else 1
  end
where
  "channel_id" = $312;

-- claimProbe: a paused channel
update "channel_gates"
set
  "paused_until" = $1
where
  "channel_id" = $2
  and "paused_until" = $3;

-- countFailure: a channel
update "channel_gates"
set
  "failures" = "failures" + $1,
  "paused_until" = case
    when "failures" + $2 >= $3 then $4
    else "paused_until"
  end
where
  "channel_id" = $5;

-- clearFailures: an answer carried out
update "channel_gates"
set
  "failures" = $1,
  "paused_until" = $2,
  "auth_failed_at" = $3,
  "auth_error" = $4
where
  "channel_id" = $5
  and (
    "failures" > $6
    or "paused_until" > $7
    or "auth_failed_at" is not null
  );

-- clearFailures: a request refused
update "channel_gates"
set
  "failures" = $1,
  "paused_until" = $2
where
  "channel_id" = $3
  and (
    "failures" > $4
    or "paused_until" > $5
  );

-- markAuthFailed: a channel
update "channel_gates"
set
  "auth_failed_at" = $1,
  "auth_error" = $2
where
  "channel_id" = $3
  and "auth_failed_at" is null;

-- ensureSlots: four slots
insert into
  "channel_slots" ("channel_id", "slot")
values
  ($1, $2),
  ($3, $4),
  ($5, $6),
  ($7, $8)
on conflict ("channel_id", "slot") do nothing;

-- holdSlot: one free slot (1 of 2)
select
  "slot"
from
  "channel_slots"
where
  "channel_id" = $1
  and "slot" < $2
  and "held_until" < $3
limit
  $4;

-- holdSlot: one free slot (2 of 2)
update "channel_slots"
set
  "held_until" = $1,
  "holder" = $2
where
  "channel_id" = $3
  and "slot" = $4
  and "held_until" < $5;

-- freeSlot: a slot
update "channel_slots"
set
  "held_until" = $1,
  "holder" = $2
where
  "channel_id" = $3
  and "slot" = $4
  and "holder" = $5;

-- gateRows: every channel
select
  "channel_id",
  "failures",
  "paused_until",
  "auth_failed_at",
  "auth_error"
from
  "channel_gates";
