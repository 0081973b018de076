def sections(df, rules):
    return []
