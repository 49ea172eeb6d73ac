ss = [[1,0],[0,0],[0,0],[0,0]]
ss_constlist = [([0,0],1)]
rubbish
